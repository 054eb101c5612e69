/**
 * Book covers, uploaded through the book form (file chooser and drop) and over HTTP: what is
 * stored on disk, what is served, what is refused, and that nothing is left behind.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'

import { uploadUrl } from '~/features/uploads/targets'
import { isolate } from '~/lib/interpolation'
import { cookieFrom } from '~/test/cookies'
import { codeOf } from '~/test/mailbox'

import { callAuthRoute, seededCookie, signInOverHttp } from './support/auth-api'
import { latestMail, signUpThroughUi, uniqueEmail, waitForHydration, waitForMail } from './support/fixtures'
import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

/** The files stored for a book, on the server's disk. */
async function storedFiles(bookId: string): Promise<string[]> {
  return readdir(path.join(harness.uploadsDir, 'book', bookId)).catch(() => [])
}

/** A photo as a camera writes it: a JPEG with its maker and the place it was taken. */
function photoWithGps(colour: string) {
  return sharp({ create: { width: 600, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Folio Camera', Model: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer()
}

async function newBook(page: Page) {
  const title = `Covered ${crypto.randomUUID().slice(0, 8)}`
  const made = await callServerFn(page.request, 'book--getBooks', 'GET', { searchTerm: 'austen' })
  const genreId = (await resultOf<{ items: Array<{ genre: { id: string } }> }>(made)).items[0]?.genre.id
  const created = await callServerFn(page.request, 'book--postBook', 'POST', {
    title,
    author: 'Cover Tester',
    genreId,
  })
  return { title, id: (await resultOf<{ id: string }>(created)).id }
}

/** Sends a file as a book's cover over HTTP, as the page would (same site). */
const putCover = (page: Page, id: string, data: Buffer, headers: Record<string, string> = {}) =>
  page.request.put(`/api/uploads/book-cover/${id}`, {
    data,
    headers: { origin: harness.baseUrl, 'sec-fetch-site': 'same-origin', ...headers },
  })

/** Sends a file as the signed-in person's own picture over HTTP, as the page would. */
const putPicture = (page: Page, userId: string, data: Buffer) =>
  page.request.put(uploadUrl('user-picture', userId), {
    data,
    headers: { origin: harness.baseUrl, 'sec-fetch-site': 'same-origin' },
  })

const cover = (page: Page, title: string) => page.getByRole('img', { name: `Cover of ${isolate(title)}` })

test.describe('book covers, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('a cover is chosen, previewed, sent with progress, shown everywhere, replaced by a drop and removed, with nothing left behind', async ({
    page,
  }) => {
    test.slow()
    const book = await newBook(page)
    await page.goto(`/manager/books/${book.id}/update`)
    await waitForHydration(page)
    const field = page.getByRole('group', { name: 'Cover' })

    // Chosen with the file chooser: shown before anything is sent.
    const chooser = page.waitForEvent('filechooser')
    await field.getByRole('button', { name: 'Choose an image' }).click()
    await (
      await chooser
    ).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps('#a33') })
    await expect(field.getByText(`${isolate('photo.jpg')}, shown as it will be saved.`)).toBeVisible()
    await expect(field.locator('img[src^="data:image/jpeg"]')).toBeVisible()
    expect(await storedFiles(book.id)).toEqual([])

    // A slow link shows the upload's progress.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(field.getByRole('progressbar')).toBeVisible()
    await expect(page.getByText('Book updated')).toBeVisible()
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })

    // The book's page shows it, at every width, without its metadata, cached for good.
    const shown = cover(page, book.title)
    await expect(shown).toBeVisible()
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    expect((await shown.getAttribute('srcset'))?.split(',')).toHaveLength(4)
    const first = await storedFiles(book.id)
    expect(first).toHaveLength(4)
    const served = await page.request.get(`/media/book/${book.id}/${first[0]}`)
    expect(served.headers()['content-type']).toBe('image/webp')
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    const metadata = await sharp(await served.body()).metadata()
    expect(metadata.format).toBe('webp')
    expect(metadata.exif).toBeUndefined()

    // The lists and the app show it too.
    await page.goto(`/manager/books?searchTerm=${encodeURIComponent(book.title)}`)
    await expect(cover(page, book.title)).toBeVisible()
    await page.goto(`/app/books/${book.id}`)
    await expect(cover(page, book.title)).toBeVisible()

    // Replaced by a file dropped on the field: the old files go.
    await page.goto(`/manager/books/${book.id}/update`)
    await waitForHydration(page)
    const dropped = (
      await sharp({ create: { width: 400, height: 600, channels: 3, background: '#36c' } })
        .png()
        .toBuffer()
    ).toString('base64')
    const transfer = await page.evaluateHandle((bytes) => {
      const data = new DataTransfer()
      const binary = Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0))
      data.items.add(new File([binary], 'blue.png', { type: 'image/png' }))
      return data
    }, dropped)
    await page.getByTestId('image-drop').dispatchEvent('drop', { dataTransfer: transfer })
    await expect(field.getByText(`${isolate('blue.png')}, shown as it will be saved.`)).toBeVisible()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Book updated')).toBeVisible()
    const second = await storedFiles(book.id)
    expect(second).toHaveLength(4)
    expect(second.filter((name) => first.includes(name))).toEqual([])

    // Removed: the drawn cover again, and no file left.
    await page.goto(`/manager/books/${book.id}/update`)
    await waitForHydration(page)
    await field.getByRole('button', { name: 'Remove' }).click()
    await expect(field.getByText('Removed when you save.')).toBeVisible()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Book updated')).toBeVisible()
    await expect(cover(page, book.title)).toHaveCount(0)
    expect(await storedFiles(book.id)).toEqual([])
  })

  test('a new book is created with the cover chosen in its form', async ({ page }) => {
    const title = `Born covered ${crypto.randomUUID().slice(0, 8)}`
    await page.goto('/manager/books/new')
    await waitForHydration(page)
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Author').fill('Cover Tester')
    const genreBox = page.getByRole('combobox', { name: 'Genre' })
    await genreBox.fill('Myst')
    await page.getByRole('option', { name: 'Mystery', exact: true }).click()
    await page
      .getByRole('group', { name: 'Cover' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps('#963') })
    await page.getByRole('button', { name: 'Create book' }).click()
    await expect(page.getByText('Book created')).toBeVisible()
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    await expect(cover(page, title)).toBeVisible()
    const id = /\/manager\/books\/([^/?]+)$/.exec(page.url())?.[1] ?? ''
    expect(await storedFiles(id)).toHaveLength(4)
  })

  test('deleting a book removes its cover', async ({ page }) => {
    const book = await newBook(page)
    const sent = await putCover(page, book.id, await photoWithGps('#3a3'))
    expect(sent.status()).toBe(200)
    expect(await storedFiles(book.id)).toHaveLength(4)
    expect((await callServerFn(page.request, 'book--removeBook', 'POST', { id: book.id })).status()).toBe(200)
    expect(await storedFiles(book.id)).toEqual([])
    // A cover for a book that is gone is refused, and its files removed again.
    const late = await putCover(page, book.id, await photoWithGps('#3a3'))
    expect(late.status()).toBe(404)
    expect(await storedFiles(book.id)).toEqual([])
  })

  test('what is not a JPEG, PNG, WebP or AVIF image is refused in the form, and by the server from its bytes', async ({
    page,
  }) => {
    const book = await newBook(page)
    await page.goto(`/manager/books/${book.id}/update`)
    await waitForHydration(page)
    const field = page.getByRole('group', { name: 'Cover' })
    const input = field.locator('input[type=file]')

    await input.setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    })
    await expect(field.getByRole('alert')).toHaveText('Choose a JPEG, PNG, WebP or AVIF image.')
    // A text file named like a photo: the browser cannot draw it.
    await input.setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('just some text'),
    })
    await expect(field.getByRole('alert')).toHaveText('This file cannot be read as an image.')
    await expect(field.getByText('or drop it here')).toBeVisible()

    // The server decides from the bytes, whatever the name or type said.
    for (const [body, code] of [
      [Buffer.from('just some text'), 'IMAGE_TYPE_NOT_ALLOWED'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        'IMAGE_TYPE_NOT_ALLOWED',
      ],
    ] as const) {
      const refused = await putCover(page, book.id, body, { 'Content-Type': 'image/jpeg' })
      expect(refused.status()).toBe(400)
      expect(await refused.json()).toEqual({ code })
    }
    // The server answers 413 once the body passes the limit and closes the connection, so a client
    // still writing may see the connection closed before it reads the answer.
    const tooLarge = await putCover(page, book.id, Buffer.alloc(5 * 1024 * 1024 + 1)).catch(
      (error: Error) => error,
    )
    if (tooLarge instanceof Error) expect(tooLarge.message).toMatch(/EPIPE|ECONNRESET|socket hang up/)
    else {
      expect(tooLarge.status()).toBe(413)
      expect(await tooLarge.json()).toEqual({ code: 'IMAGE_TOO_LARGE' })
    }
    expect(await storedFiles(book.id)).toEqual([])
  })

  test('an upload from another site is refused', async ({ page }) => {
    const book = await newBook(page)
    const refused = await page.request.put(`/api/uploads/book-cover/${book.id}`, {
      data: await photoWithGps('#333'),
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(refused.status()).toBe(403)
    expect(await storedFiles(book.id)).toEqual([])
  })
})

test.describe('profile pictures', () => {
  /** The files stored for a person, on the server's disk. */
  const storedPictures = (userId: string) =>
    readdir(path.join(harness.uploadsDir, 'user', userId)).catch(() => [] as string[])

  test('a person adds, replaces and removes their own picture; it shows in their menu, the manager and their data, and goes with them', async ({
    browser,
    page,
  }) => {
    test.slow()
    await page.context().clearCookies()
    const { email } = await signUpThroughUi(page)
    const me = await resultOf<{ user: { id: string } }>(
      await callServerFn(page.request, 'auth--getCurrentSession', 'GET'),
    )
    await page.goto('/app/account')
    await waitForHydration(page)
    const field = page.getByRole('group', { name: 'Picture' })
    await field
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps('#c84') })
    await expect(field.getByText(`${isolate('me.jpg')}, shown as it will be saved.`)).toBeVisible()
    await page.getByRole('button', { name: 'Save picture' }).click()
    await expect(page.getByText('Picture saved')).toBeVisible()
    const first = await storedPictures(me.user.id)
    expect(first).toHaveLength(3)
    // The menu's button shows it at once.
    const menuPicture = page.locator('header button[aria-expanded] img')
    await expect(menuPicture).toHaveAttribute(
      'src',
      new RegExp(`^/media/user/${me.user.id}/[0-9a-f]{16}-128\\.webp$`),
    )
    const served = await page.request.get((await menuPicture.getAttribute('src')) ?? '')
    expect((await sharp(await served.body()).metadata()).exif).toBeUndefined()

    // Replaced: the old files go.
    await field.locator('input[type=file]').setInputFiles({
      name: 'again.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#48c' } })
        .png()
        .toBuffer(),
    })
    const firstSrc = (await menuPicture.getAttribute('src')) ?? ''
    await page.getByRole('button', { name: 'Save picture' }).click()
    await expect(menuPicture).not.toHaveAttribute('src', firstSrc)
    await expect
      .poll(async () => (await storedPictures(me.user.id)).filter((name) => first.includes(name)))
      .toEqual([])
    const picture = await menuPicture.getAttribute('src')

    // Their data names it.
    const data = await resultOf<{ user: { image: string | null } }>(
      await callServerFn(page.request, 'account--getMyData', 'GET'),
    )
    expect(data.user.image).toBe(picture)

    // An administrator sees it in the list of users and on the user's page.
    const admin = await browser.newContext({ storageState: storageStateOf('admin') })
    const adminPage = await admin.newPage()
    await adminPage.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
    await expect(adminPage.locator(`main img[src="${picture}"]`)).toHaveCount(1)
    await adminPage.goto(`/manager/users/${me.user.id}`)
    await expect(adminPage.locator(`main img[src="${picture}"]`)).toHaveCount(1)
    // ...and beside their latest sign-in on the dashboard.
    await adminPage.goto('/manager/dashboard')
    await expect(adminPage.locator(`main img[src="${picture}"]`).first()).toBeAttached()

    // Removed: the initial again, no file left.
    await field.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('button', { name: 'Save picture' }).click()
    await expect(menuPicture).toHaveCount(0)
    expect(await storedPictures(me.user.id)).toEqual([])

    // Added again, then the account is deleted (here by an administrator): the files go with it.
    await putPicture(page, me.user.id, await photoWithGps('#8c4'))
    expect(await storedPictures(me.user.id)).toHaveLength(3)
    expect(
      (await callServerFn(adminPage.request, 'user--deleteUser', 'POST', { id: me.user.id })).status(),
    ).toBe(200)
    expect(await storedPictures(me.user.id)).toEqual([])
    await admin.close()
  })

  /** Sends (PUT) or removes (DELETE) a person's picture with their cookie, as their page would. */
  const changePicture = (
    person: { id: string; cookie: string },
    method: 'PUT' | 'DELETE',
    body?: Uint8Array<ArrayBuffer>,
  ) =>
    fetch(`${harness.baseUrl}${uploadUrl('user-picture', person.id)}`, {
      method,
      headers: { cookie: person.cookie, origin: harness.baseUrl, 'sec-fetch-site': 'same-origin' },
      body,
    })

  const square = (colour: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer()

  test('every way a picture changes leaves exactly its files: sent, sent again, refused through better-auth, removed, and gone with the account however it is deleted', async () => {
    const admin = seededCookie('admin')
    const person = await signInOverHttp(uniqueEmail('pictured'))
    const imageOf = async () => {
      const answer = await callAuthRoute('/get-session', { method: 'GET', cookie: person.cookie })
      return ((await answer.json()) as { user: { image: string | null } }).user.image
    }

    expect((await changePicture(person, 'PUT', await square('#c48'))).status).toBe(200)
    const first = await storedPictures(person.id)
    expect(first).toHaveLength(3)
    const firstImage = await imageOf()
    // The same picture again: the same files, none lost and none added.
    expect((await changePicture(person, 'PUT', await square('#c48'))).status).toBe(200)
    expect(await storedPictures(person.id)).toEqual(first)
    expect(await imageOf()).toBe(firstImage)
    // Another: only its files stay.
    expect((await changePicture(person, 'PUT', await square('#48c'))).status).toBe(200)
    const current = await storedPictures(person.id)
    expect(current).toHaveLength(3)
    expect(current.filter((name) => first.includes(name))).toEqual([])
    const image = await imageOf()

    // better-auth's endpoints take no picture, from the person or an administrator: the row and
    // the files stay as they were.
    const outside = 'https://evil.example/x.png'
    for (const [route, body, cookie] of [
      ['/update-user', { image: outside }, person.cookie],
      ['/update-user', { image: null }, person.cookie],
      ['/admin/update-user', { userId: person.id, data: { image: outside } }, admin],
    ] as const) {
      const answer = await callAuthRoute(route, { body, cookie })
      const { field } = (await answer.json()) as { field?: string }
      expect({ route, body, status: answer.status, field }).toEqual({
        route,
        body,
        status: 400,
        field: 'image',
      })
    }
    expect(await imageOf()).toBe(image)
    expect(await storedPictures(person.id)).toEqual(current)

    // Removed: no file left.
    expect((await changePicture(person, 'DELETE')).status).toBe(200)
    expect(await storedPictures(person.id)).toEqual([])
    expect(await imageOf()).toBeNull()

    // Sent again, then the person deletes their account with the code e-mailed to them.
    expect((await changePicture(person, 'PUT', await square('#8c4'))).status).toBe(200)
    expect(await storedPictures(person.id)).toHaveLength(3)
    const before = await latestMail(person.email)
    expect((await callAuthRoute('/delete-user', { body: {}, cookie: person.cookie })).status).toBe(200)
    const token = codeOf(await waitForMail(person.email, before))
    expect((await callAuthRoute('/delete-user', { body: { token }, cookie: person.cookie })).status).toBe(200)
    expect(await storedPictures(person.id)).toEqual([])

    // An administrator removes another person through better-auth's admin endpoint.
    const other = await signInOverHttp(uniqueEmail('removed'))
    expect((await changePicture(other, 'PUT', await square('#444'))).status).toBe(200)
    expect(await storedPictures(other.id)).toHaveLength(3)
    expect(
      (await callAuthRoute('/admin/remove-user', { body: { userId: other.id }, cookie: admin })).status,
    ).toBe(200)
    expect(await storedPictures(other.id)).toEqual([])
  })

  test('only the person changes their picture: not someone else, not an administrator impersonating them', async ({
    page,
  }) => {
    const person = await signInOverHttp(uniqueEmail('picture'))
    const admin = seededCookie('admin')
    // An administrator, as themself: the right to update accounts is not the person's own.
    const asAdmin = await fetch(`${harness.baseUrl}${uploadUrl('user-picture', person.id)}`, {
      method: 'PUT',
      headers: { cookie: admin, origin: harness.baseUrl },
      body: await photoWithGps('#444'),
    })
    expect(asAdmin.status).toBe(403)
    const impersonation = await callAuthRoute('/admin/impersonate-user', {
      body: { userId: person.id },
      cookie: admin,
    })
    expect(impersonation.status).toBe(200)
    const asImpersonator = await fetch(`${harness.baseUrl}${uploadUrl('user-picture', person.id)}`, {
      method: 'PUT',
      headers: { cookie: cookieFrom(impersonation), origin: harness.baseUrl },
      body: await photoWithGps('#444'),
    })
    expect(asImpersonator.status).toBe(403)
    expect(await asImpersonator.json()).toEqual({ code: 'NOT_WHILE_IMPERSONATING' })
    expect(await storedPictures(person.id)).toEqual([])
    // The page does not offer it either (to a person who has been onboarded, as the page needs).
    const useCookie = async (cookie: string) => {
      await page.context().clearCookies()
      await page.context().addCookies(
        cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=')
          return { name, value: value.join('='), url: harness.baseUrl }
        }),
      )
    }
    await useCookie(person.cookie)
    expect(
      (await callServerFn(page.request, 'auth--completeOnboarding', 'POST', { name: 'Pictured' })).status(),
    ).toBe(200)
    await useCookie(cookieFrom(impersonation))
    await page.goto('/app/account')
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Picture' })).toHaveCount(0)
  })
})
