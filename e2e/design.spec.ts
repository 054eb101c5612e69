/**
 * The visible design: brand, fonts, icons, button styles, book covers, skeletons that keep the
 * layout, long text that cannot break it, and a visible focus ring.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import {
  firstItemLink,
  pageMenuButton,
  signInThroughUi,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

const phone = { width: 390, height: 844 }
const laptop = { width: 1280, height: 800 }

/** How far the page is wider than the window (0 when nothing widens it). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test.describe('the brand', () => {
  test('the login page shows the mark and the name, and the favicon set answers', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('banner').getByText('Folio', { exact: true })).toBeVisible()
    await expect(page.getByRole('banner').locator('svg').first()).toBeVisible()
    for (const rel of ['icon', 'manifest']) {
      const href = await page.locator(`link[rel="${rel}"]`).getAttribute('href')
      const response = await page.request.get(href ?? '')
      expect(response.status(), rel).toBe(200)
    }
    // Where phones look for the home-screen icon without being told.
    const touchIcon = await page.request.get('/apple-touch-icon.png')
    expect(touchIcon.headers()['content-type']).toContain('image/png')
    const manifest = (await (await page.request.get('/site.webmanifest')).json()) as {
      icons: { src: string }[]
    }
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src)
      expect(response.headers()['content-type']).toContain('image/png')
    }
  })

  test.describe('in the shells', () => {
    test.use({ storageState: storageStateOf('admin'), viewport: laptop })
    test("the manager's sidebar and the app's header carry it", async ({ page }) => {
      await page.goto('/manager/books')
      await expect(page.getByRole('complementary').getByText('Folio', { exact: true })).toBeVisible()
      await page.goto('/app')
      await expect(page.getByRole('banner').getByText('Folio', { exact: true })).toBeVisible()
    })
  })
})

test.describe('fonts', () => {
  test('an English page loads the Latin font only; an Arabic page adds the Arabic one', async ({ page }) => {
    const fonts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url())
    })
    await page.goto('/login?lng=en')
    await page.evaluate(() => document.fonts.ready)
    expect(fonts.some((url) => url.includes('inter-latin-wght'))).toBe(true)
    expect(fonts.some((url) => url.includes('arabic'))).toBe(false)
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter Variable')

    await page.goto('/login?lng=ar')
    await page.evaluate(() => document.fonts.ready)
    expect(fonts.some((url) => url.includes('noto-sans-arabic-arabic-wght'))).toBe(true)
    // `document.fonts.ready` may resolve before this font arrives, so wait for the font itself.
    await page.waitForFunction(() => document.fonts.check('16px "Noto Sans Arabic Variable"', 'ع'))
  })

  test('codes are set in Inter with figures of one width, like every other text', async ({ page }) => {
    await page.goto('/login/verify?email=someone%40example.com')
    const box = page.locator('[aria-hidden="true"] > span').first()
    await expect(box).toHaveCSS('font-family', /^"Inter Variable"/)
    await expect(box).toHaveCSS('font-variant-numeric', 'tabular-nums')
  })
})

test.describe('icons', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: laptop })

  test('every navigation entry and action has one; the arrows turn in Arabic', async ({ page }) => {
    await page.goto('/manager/books')
    const entries = page.getByRole('complementary').getByRole('navigation').getByRole('link')
    expect(await entries.count()).toBeGreaterThan(2)
    for (const entry of await entries.all()) await expect(entry.locator('svg')).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'New book' }).locator('svg')).toHaveCount(1)
    await firstItemLink(page).click()
    await expect(page.getByRole('main').getByRole('link', { name: 'Edit' }).locator('svg')).toHaveCount(1)
    const back = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('svg')
    expect(await back.evaluate((icon) => getComputedStyle(icon).transform)).toBe('none')
    await page.goto(`${page.url()}?lng=ar`)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    expect(
      await page
        .getByRole('navigation', { name: 'مسار التنقل' })
        .locator('svg')
        .first()
        .evaluate((icon) => getComputedStyle(icon).transform),
    ).toBe('matrix(-1, 0, 0, 1, 0, 0)')
  })

  test('only the icons the pages use reach the browser', () => {
    const assets = '.output/public/assets'
    const code = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n')
    // lucide names each icon it renders, so check used icons are bundled and unused ones are not.
    const icon = (name: string) => new RegExp(`name:[\`"']${name}[\`"']`)
    expect(code).toMatch(icon('book-open'))
    expect(code).not.toMatch(icon('accessibility'))
    expect(code).not.toMatch(icon('zoom-out'))
  })
})

test.describe('components', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: laptop })

  test('a destructive action is red text in its menu; only its confirming step is solid red', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    await firstItemLink(page).click()
    await waitForHydration(page)
    await pageMenuButton(page).click()
    const item = page.getByRole('menuitem', { name: 'Delete', exact: true })
    expect(await item.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    )
    await item.click()
    const dialog = page.getByRole('dialog')
    expect(
      await dialog
        .getByRole('button', { name: 'Delete' })
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe('rgb(220, 38, 38)')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  test('an invalid field looks it: a red border and ring, and an icon beside its message', async ({
    page,
  }) => {
    const red = 'rgb(185, 28, 28)'
    await page.goto('/manager/books/new')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Create book' }).click()
    const title = page.getByLabel('Title')
    await expect(title).toHaveCSS('border-top-color', red)
    // The ring: a soft red shadow around the box.
    await expect(title).toHaveCSS('box-shadow', /\/ 0\.2\) 0px 0px 0px 3px/)
    await expect(page.getByRole('alert').filter({ hasText: 'Title is required' }).locator('svg')).toHaveCount(
      1,
    )
  })

  test('inputs and selects are one height and one look', async ({ page }) => {
    await page.goto('/manager/users/new')
    await waitForHydration(page)
    const box = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())?.height
    const style = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((element) => {
        const computed = getComputedStyle(element)
        return [computed.borderRadius, computed.borderTopColor, computed.backgroundColor, computed.appearance]
      })
    expect(await box('Role')).toBe(await box('Email'))
    const [radius, border, background, appearance] = await style('Role')
    expect([radius, border, background]).toEqual((await style('Email')).slice(0, 3))
    expect(appearance).toBe('none')
  })

  test('the lists have column headers on wide screens and stack on a phone', async ({ page }) => {
    await page.goto('/manager/books')
    for (const column of ['Title', 'Author', 'Genre', 'Added'])
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
    await page.setViewportSize(phone)
    await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Genre' })).toBeHidden()
    expect(await overflowOf(page)).toBeLessThanOrEqual(0)
  })

  test('a detail page starts with the way back, a breadcrumb, and its title; the top bar says which section it is in', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    await firstItemLink(page).click()
    await expect(
      page
        .getByRole('main')
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Books' }),
    ).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('banner').getByText('Books', { exact: true })).toBeVisible()
  })

  test("the sidebar's foot holds the user menu: who, and their role", async ({ page }) => {
    await page.goto('/manager/dashboard')
    const menu = page.getByRole('complementary').getByRole('button', { name: 'Your menu' })
    // Name and role, as the seeded administrator has them ('Admin', role admin).
    await expect(menu).toContainText(/Admin\s*Admin/)
    await menu.click()
    await expect(page.getByRole('complementary').getByRole('link', { name: 'Sign out' })).toBeVisible()
  })
})

test('invalid code boxes look it too: a red border on each', async ({ page }) => {
  await page.goto('/login/verify?email=someone%40example.com')
  await waitForHydration(page)
  await page.getByLabel('Code').fill('123')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('alert')).toHaveText('Code should be 6 characters')
  await expect(page.locator('[aria-hidden="true"] > span').first()).toHaveCSS(
    'border-top-color',
    'rgb(185, 28, 28)',
  )
})

test.describe('book covers', () => {
  test.use({ storageState: storageStateOf('user') })

  for (const [viewport, columns] of [
    [phone, 2],
    [laptop, 5],
  ] as const)
    test(`/app/books is a grid of covers, ${columns} across at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/app/books')
      const items = page.getByRole('main').getByRole('listitem')
      const lefts = new Set<number>()
      for (const item of (await items.all()).slice(0, 8))
        lefts.add(Math.round((await item.boundingBox())?.x ?? 0))
      expect(lefts.size).toBe(columns)
      // Each book shows its cover, with its title set on it.
      const first = items.first()
      await expect(first.locator('[style*="--hue"]').first()).toHaveCSS('background-image', /linear-gradient/)
    })

  test("a cover's spine is on the side the book opens from: the right in Arabic", async ({ page }) => {
    await page.goto('/app/books')
    await page.getByRole('main').getByRole('listitem').first().getByRole('link').click()
    // The book's page itself, not its frame (whose breadcrumb comes first) or the list.
    const book = page.getByRole('main').getByRole('article')
    await expect(
      book.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Books' }),
    ).toBeVisible()
    const spineSide = () =>
      book
        .locator('[style*="--hue"] > [aria-hidden] > span')
        .first()
        .evaluate((spine) => {
          const cover = spine.closest('[style*="--hue"]')!.getBoundingClientRect()
          const box = spine.getBoundingClientRect()
          return box.left - cover.left < cover.right - box.right ? 'left' : 'right'
        })
    expect(await spineSide()).toBe('left')
    await page.goto(`${page.url()}?lng=ar`)
    expect(await spineSide()).toBe('right')
  })
})

test.describe('pages that are not empty', () => {
  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })
    test('/app greets the person and shows the newest books, not the navigation again', async ({ page }) => {
      await page.goto('/app')
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible()
      await expect(
        page.getByRole('region', { name: 'New in the catalogue' }).getByRole('listitem'),
      ).not.toHaveCount(0)
      // The navigation leads to the catalogue and the account; the page does not repeat it.
      await expect(page.getByRole('main').getByRole('link', { name: 'Account' })).toHaveCount(0)
    })
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })
    test('the dashboard charts books per genre, most first', async ({ page }) => {
      await page.goto('/manager/dashboard')
      const chart = page.getByRole('region', { name: 'Books per genre' })
      const counts = await chart.getByRole('cell').allTextContents()
      expect(counts.length).toBeGreaterThan(0)
      const numbers = counts.map((count) => Number(count.replace(/\D/g, '')))
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a))
    })

    test('a search that finds nothing says so, with an icon', async ({ page }) => {
      await page.goto('/manager/books?searchTerm=zzzz-no-such-book')
      const empty = page.getByText('No book matches this search')
      await expect(empty).toBeVisible()
      await expect(empty.locator('..').locator('svg')).toHaveCount(1)
    })
  })

  test('the login page has a drawn panel on wide screens, and the language and theme before sign-in', async ({
    page,
  }) => {
    await page.setViewportSize(laptop)
    await page.goto('/login')
    await expect(page.getByRole('complementary', { name: 'About Folio' })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeEnabled()
    await page.getByTitle('Dark').click()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await page.setViewportSize(phone)
    await expect(page.getByRole('complementary')).toBeHidden()
  })
})

test.describe('text that cannot break the layout', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('a 300-character title, a 254-character e-mail and a long user agent stay inside the page', async ({
    page,
    browser,
  }) => {
    // A sign-in and twelve pages, each left to settle, take about a minute on a loaded machine.
    test.slow()
    const stamp = Date.now().toString(36)
    const genre = await callServerFn(page.request, 'genre--postGenre', 'POST', { name: `Layout ${stamp}` })
    const { id: genreId } = await resultOf<{ id: string }>(genre)
    const title = `${stamp}${'W'.repeat(300 - stamp.length)}`
    const created = await callServerFn(page.request, 'book--postBook', 'POST', {
      title,
      author: 'Ward Lock & Co.',
      genreId,
      publisher: 'Ward Lock & Co.',
    })
    expect(created.status()).toBe(200)
    const { id: bookId } = await resultOf<{ id: string }>(created)
    const local = `${stamp}${'x'.repeat(64 - stamp.length)}`
    const email = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(56)}.test`
    expect(email).toHaveLength(254)
    const user = await callServerFn(page.request, 'user--postUser', 'POST', {
      name: 'Long Address',
      email,
      role: 'user',
    })
    expect(user.status()).toBe(200)
    const { id: userId } = await resultOf<{ id: string }>(user)
    // Someone signs in from a browser whose user agent is long and has no spaces to break at.
    const device = await browser.newContext({
      storageState: { cookies: [], origins: [] },
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${'LongEngine/'.repeat(40)}1.0`,
    })
    const devicePage = await device.newPage()
    const agentEmail = uniqueEmail('agent')
    await signInThroughUi(devicePage, agentEmail)
    await expect(devicePage).toHaveURL(/\/onboarding/)
    await device.close()
    const found = await callServerFn(page.request, 'user--getUsers', 'GET', { searchTerm: agentEmail })
    const [agent] = (await resultOf<{ items: { id: string }[] }>(found)).items

    for (const viewport of [phone, laptop]) {
      await page.setViewportSize(viewport)
      for (const url of [
        `/manager/books/${bookId}`,
        `/manager/books?searchTerm=${stamp}`,
        `/app/books/${bookId}`,
        `/manager/users/${userId}`,
        `/manager/users/${agent?.id}`,
        `/manager/users?searchTerm=${stamp}`,
      ]) {
        await page.goto(url)
        await expect(page.getByRole('main')).toBeVisible()
        await page.waitForLoadState('networkidle')
        expect(await overflowOf(page), `${url} at ${viewport.width} px`).toBeLessThanOrEqual(0)
      }
    }
    // Text people typed keeps its own direction in a right-to-left page.
    await page.goto(`/manager/books/${bookId}?lng=ar`)
    await expect(
      page.getByRole('main').locator('bdi, [dir="auto"]', { hasText: 'Ward Lock & Co.' }).first(),
    ).toBeVisible()
    await callServerFn(page.request, 'book--removeBook', 'POST', { id: bookId })
  })
})

test.describe('focus', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: laptop })

  /** The contrast of two CSS colours (rgb or rgba over the page). */
  function contrastOf(a: string, b: string) {
    const luminance = (color: string) => {
      const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
        const value = Number(part) / 255
        return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl
    }
    const [x, y] = [luminance(a), luminance(b)]
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
  }

  for (const scheme of ['light', 'dark'] as const)
    test(`every element the keyboard reaches shows a ring of at least 3:1 (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/manager/books')
      await waitForHydration(page)
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      const seen: string[] = []
      for (let press = 0; press < 14; press++) {
        await page.keyboard.press('Tab')
        const ring = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement
          const style = getComputedStyle(element)
          return {
            name: `${element.tagName} ${element.textContent?.trim().slice(0, 20)}`,
            style: style.outlineStyle,
            width: Number.parseFloat(style.outlineWidth),
            color: style.outlineColor,
          }
        })
        seen.push(ring.name)
        expect(ring.style, ring.name).not.toBe('none')
        expect(ring.width, ring.name).toBeGreaterThanOrEqual(2)
        expect(contrastOf(ring.color, background), ring.name).toBeGreaterThanOrEqual(3)
      }
      // Links and buttons alike.
      expect(seen.some((name) => name.startsWith('A '))).toBe(true)
      expect(seen.some((name) => name.startsWith('BUTTON') || name.startsWith('INPUT'))).toBe(true)
    })
})
