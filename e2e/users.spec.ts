import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'

import {
  callsTo,
  chooseOnPage,
  clickTwiceAtOnce,
  requestsTo,
  signInThroughUi,
  signUpThroughUi,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

test.describe("the manager's users, as an admin", () => {
  test.use({ storageState: storageStateOf('admin') })
  // Leaving a changed form for another address shows the browser's own 'leave page?' prompt.
  test.beforeEach(({ page }) => page.on('dialog', (dialog) => void dialog.accept()))

  for (const path of ['/manager/users/no-such-user', '/manager/books/no-such-book/update'])
    test(`${path} answers 404 inside the manager, its navigation kept`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
      await waitForHydration(page)
      await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible()
      await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute(
        'href',
        '/manager',
      )
    })

  test('creates, finds, edits, bans, impersonates and deletes a user', async ({ page }) => {
    // An all-digit term is searched as text, and the address keeps it as typed.
    const tag = String(Date.now()).slice(-8)
    const email = `person-${tag}@example.test`

    await page.goto('/manager/users')
    await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible()
    await page.getByRole('link', { name: 'New user' }).click()
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByText('Email is required')).toBeVisible()

    await page.getByLabel('Name').fill(`Person ${tag}`)
    await page.getByLabel('Email').fill('ADMIN@example.com')
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page.getByText('Email already used')).toBeVisible()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page.getByText('User created')).toBeVisible()
    await expect(page.getByRole('heading', { name: `Person ${tag}` })).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'Not onboarded' })).toBeVisible()

    // Found by e-mail, opened, renamed.
    await page.goto(`/manager/users?searchTerm=${tag}`)
    await expect(page.getByText('Showing 1 of 1')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`\\?searchTerm=${tag}$`))
    await page.getByRole('link', { name: new RegExp(email) }).click()
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Name').fill(`Renamed ${tag}`)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('User updated')).toBeVisible()
    await expect(page.getByRole('heading', { name: `Renamed ${tag}` })).toBeVisible()

    // Banned with a reason, then the ban lifted.
    await chooseOnPage(page, 'Ban')
    const ban = page.getByRole('dialog', { name: `Ban ${isolate(`Renamed ${tag}`)}` })
    await ban.getByRole('button', { name: 'Ban', exact: true }).click()
    await expect(ban.getByText('A reason is required')).toBeVisible()
    await ban.getByLabel('Reason').fill('Spam')
    // Banned once, and the ban lifted once, however fast the button is pressed again.
    const bans = callsTo(page, 'user--postBan')
    await clickTwiceAtOnce(ban.getByRole('button', { name: 'Ban', exact: true }))
    await expect(page.getByText('User banned')).toBeVisible()
    await expect(page.getByText('Banned', { exact: true })).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'Spam' })).toBeVisible()
    expect(bans).toHaveLength(1)
    const unbans = callsTo(page, 'user--deleteBan')
    await chooseOnPage(page, 'Unban')
    await expect(page.getByText('Ban lifted')).toBeVisible()
    expect(unbans).toHaveLength(1)
    await expect(page.getByText('Banned', { exact: true })).toHaveCount(0)

    // Impersonating shows the app as the user, with a banner and a way back. Each action runs once
    // however fast the button is pressed.
    const impersonations = requestsTo(page, '/api/auth/admin/impersonate-user')
    await chooseOnPage(page, 'Impersonate')
    await expect(page).toHaveURL(/\/(app|onboarding)/)
    expect(impersonations).toHaveLength(1)
    const banner = page
      .getByRole('status')
      .filter({ hasText: `You are impersonating ${isolate(`Renamed ${tag}`)}` })
    await expect(banner).toBeVisible()
    // Stopping cuts no request short and does not reload; the user's page stays as it was until the
    // manager shows.
    const stops = requestsTo(page, '/api/auth/admin/stop-impersonating')
    const aborted: string[] = []
    page.on('requestfailed', (request) => aborted.push(`${request.url()} ${request.failure()?.errorText}`))
    await page.evaluate(() => {
      const frames: string[] = []
      Object.assign(window, { impersonationFrames: frames })
      const record = () => {
        const pending = document.querySelector('[aria-busy="true"]:not(button)') ? ' (pending)' : ''
        frames.push(`${location.pathname} ${document.querySelector('h1')?.textContent ?? ''}${pending}`)
        if (!location.pathname.startsWith('/manager')) requestAnimationFrame(record)
      }
      record()
    })
    await clickTwiceAtOnce(banner.getByRole('button', { name: 'Stop impersonating' }))
    await expect(page).toHaveURL(/\/manager\/users$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
    expect(stops).toHaveLength(1)
    await expect(page.getByText(/You are impersonating/)).toHaveCount(0)
    const frames = await page.evaluate(
      () => (window as unknown as { impersonationFrames?: string[] }).impersonationFrames,
    )
    // Still the same document, because a reload would have dropped the recording.
    expect(frames).toBeDefined()
    const userPage = frames!.filter((frame) => !frame.startsWith('/manager'))
    expect(new Set(userPage)).toEqual(new Set([frames![0]]))
    expect(aborted).toEqual([])

    // Deleted for good, once confirmed.
    await page.goto(`/manager/users?searchTerm=${tag}`)
    await page.getByRole('link', { name: new RegExp(email) }).click()
    await chooseOnPage(page, 'Delete')
    await page
      .getByRole('dialog', { name: 'Delete this user?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText('User deleted')).toBeVisible()
    await expect(page).toHaveURL(/\/manager\/users$/)
    await page.goto(`/manager/users?searchTerm=${tag}`)
    await expect(page.getByText('No user matches this search')).toBeVisible()
  })

  test("an admin's own page: no ban, delete or impersonate, the role locked, this session not revocable", async ({
    page,
  }) => {
    await page.goto('/manager/users?searchTerm=admin@example.com')
    await page.getByRole('link', { name: /admin@example\.com/ }).click()
    await expect(page.getByText('This is you')).toBeVisible()
    // Buttons are disabled until hydration, and 'Revoke all' must stay disabled after it too, once
    // React has also hydrated the page's own part.
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    for (const name of ['Ban', 'Delete', 'Impersonate'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)
    await expect(page.getByText('This device')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Revoke all' })).toBeDisabled()
    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByLabel('Role')).toBeDisabled()
    await expect(page.getByText('You cannot change your own role.')).toBeVisible()
  })

  test('an admin who edits their own record sees the new name in their menu at once', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('self-edit')
    const created = await callServerFn(page.request, 'user--postUser', 'POST', {
      name: 'Self Editor',
      email,
      role: 'admin',
    })
    const { id } = await resultOf<{ id: string }>(created)
    const own = await browser.newContext({ storageState: { cookies: [], origins: [] } })
    const other = await own.newPage()
    other.on('dialog', (dialog) => void dialog.accept())
    await signInThroughUi(other, email)
    await other.getByLabel('What is your name?').fill('Self Editor')
    await other.getByRole('button', { name: 'Continue' }).click()
    await expect(other).toHaveURL(/\/manager/)
    await other.goto(`/manager/users/${id}/update`)
    // Type after hydration, so the form's handler receives it.
    await expect(other.getByRole('button', { name: 'Save changes' })).toBeEnabled()
    await other.getByLabel('Name').fill('Self Edited')
    await other.getByRole('button', { name: 'Save changes' }).click()
    await expect(other.getByRole('heading', { name: 'Self Edited' })).toBeVisible()
    const menuButton = other.getByRole('button', { name: 'Your menu' })
    await menuButton.click()
    const menu = other.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`)
    await expect(menu.getByText('Self Edited', { exact: true })).toBeVisible()
    await own.close()
  })

  test('a user with several roles keeps them all when edited', async ({ page }) => {
    const created = await callServerFn(page.request, 'user--postUser', 'POST', {
      name: 'Two Roles',
      email: uniqueEmail('roles'),
      role: 'admin,user',
    })
    expect(created.status()).toBe(200)
    const { id } = await resultOf<{ id: string }>(created)
    await page.goto(`/manager/users/${id}/update`)
    await expect(page.getByLabel('Role')).toHaveValue('admin,user')
    await page.getByLabel('Name').fill('Two Roles Renamed')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { name: 'Two Roles Renamed' })).toBeVisible()
    await expect(page.getByText('Admin, User', { exact: true })).toBeVisible()
    // An unknown role is refused, alone or among others.
    for (const role of ['root', 'admin,root', 'admin,admin'])
      expect(
        (
          await callServerFn(page.request, 'user--putUser', 'POST', {
            id,
            user: { name: 'Two Roles Renamed', email: 'x@example.test', role },
          })
        ).status(),
      ).toBe(400)
  })

  test('revokes the session of a user signed in elsewhere, who is signed out on their next navigation', async ({
    page,
    browser,
  }) => {
    // A signed-out browser of its own, because new contexts otherwise inherit the admin state.
    const userAgent =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
    const elsewhere = await browser.newContext({ storageState: { cookies: [], origins: [] }, userAgent })
    const other = await elsewhere.newPage()
    const { email } = await signUpThroughUi(other, { name: 'Far Away' })
    await expect(other).toHaveURL(/\/app/)

    await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
    await page.getByRole('link', { name: new RegExp(email) }).click()
    const sessions = page.getByRole('region', { name: 'Sessions' })
    await expect(sessions.getByRole('listitem')).toHaveCount(1)
    // The device is shown in plain words; the full user agent is available on request.
    const device = sessions.getByText(`${isolate('Chrome')} on ${isolate('Linux')}`, { exact: true })
    await expect(device).toBeVisible()
    await expect(sessions.getByText(userAgent)).toBeHidden()
    await device.click()
    await expect(sessions.getByText(userAgent)).toBeVisible()
    const token = sessions.getByText(/^\w{4}…\w{4}$/)
    await expect(token).toBeVisible()
    // One line: the device, the address, when it was last active and the token.
    await expect(
      sessions.getByText(
        new RegExp(
          `^${isolate('Chrome')} on ${isolate('Linux')} · [\\d.:a-f]+ · active ${isolate('.+')} · \\w{4}…\\w{4}$`,
        ),
      ),
    ).toBeVisible()
    // The button names the session it ends, and ends it once however fast it is pressed again.
    const revokes = callsTo(page, 'user--revokeSession')
    await clickTwiceAtOnce(
      sessions.getByRole('button', {
        name: `Revoke the session ${isolate((await token.textContent()) ?? '')}`,
      }),
    )
    await expect(page.getByText('Session revoked')).toBeVisible()
    await expect(sessions.getByText('No active sessions')).toBeVisible()
    expect(revokes).toHaveLength(1)

    await other.goto('/app/books')
    await expect(other).toHaveURL(/\/login/)

    // Signed in again twice: 'Revoke all' ends both.
    await signInThroughUi(other, email)
    await expect(other).toHaveURL(/\/app/)
    await page.reload()
    await expect(sessions.getByRole('listitem')).toHaveCount(1)
    await sessions.getByRole('button', { name: 'Revoke all' }).click()
    await page
      .getByRole('dialog', { name: 'Revoke all sessions?' })
      .getByRole('button', { name: 'Revoke all' })
      .click()
    await expect(page.getByText('All sessions revoked')).toBeVisible()
    await other.goto('/app')
    await expect(other).toHaveURL(/\/login/)
    await elsewhere.close()
  })
  test('says so when saving, revoking or deleting fails', async ({ page, browser }) => {
    const userAgent =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
    const elsewhere = await browser.newContext({ storageState: { cookies: [], origins: [] }, userAgent })
    const { email } = await signUpThroughUi(await elsewhere.newPage(), { name: 'Fail Safe' })
    await elsewhere.close()
    // Each request is aborted, and the page must say what failed.
    const unreachable = (fn: string) => page.route(`**/api/fn/user--${fn}`, (route) => route.abort())

    await page.goto('/manager/users/new')
    await page.getByLabel('Name').fill('Never Saved')
    await page.getByLabel('Email').fill(`never-${crypto.randomUUID().slice(0, 8)}@example.test`)
    await unreachable('postUser')
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page.getByText('Failed to create a user')).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue('Never Saved')

    await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
    await page.getByRole('link', { name: new RegExp(email) }).click()
    const sessions = page.getByRole('region', { name: 'Sessions' })
    await unreachable('revokeSession')
    await sessions.getByRole('button', { name: /^Revoke the session / }).click()
    await expect(page.getByText('Failed to revoke session')).toBeVisible()
    await unreachable('revokeSessions')
    await sessions.getByRole('button', { name: 'Revoke all' }).click()
    await page
      .getByRole('dialog', { name: 'Revoke all sessions?' })
      .getByRole('button', { name: 'Revoke all' })
      .click()
    await expect(page.getByText('Failed to revoke all sessions')).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(1)

    await unreachable('deleteUser')
    await chooseOnPage(page, 'Delete')
    await page
      .getByRole('dialog', { name: 'Delete this user?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText('Failed to delete the user')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Fail Safe' })).toBeVisible()

    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Name').fill('Not Renamed')
    await unreachable('putUser')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Failed to update a user')).toBeVisible()
  })
})

test.describe("the manager's users, as a user", () => {
  test.use({ storageState: storageStateOf('user') })
  for (const path of [
    '/manager/users',
    '/manager/users/new',
    '/manager/users/any',
    '/manager/users/any/update',
  ])
    test(`cannot reach ${path}`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(403)
    })
})
