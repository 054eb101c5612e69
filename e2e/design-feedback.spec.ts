/**
 * Words and feedback: one name for each place, a calm access notice, a greeting with its comma,
 * the frame of a slow page at once with the menu following it, and toasts clear of the navigation
 * on a phone.
 */
import { expect, type Locator, type Page, type Route, test } from '@playwright/test'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

const phone = { width: 390, height: 844 }
const laptop = { width: 1280, height: 800 }
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

async function menuEntries(page: Page) {
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Your menu' }).click()
  return page.getByRole('navigation', { name: 'Your menu' }).getByRole('link').allTextContents()
}

/**
 * Holds, until `release` is called, the calls to a server function and every script and
 * translation not loaded yet: a network as slow as it gets.
 */
async function holdNetwork(page: Page, fn: string) {
  // Once the page has settled: the area's texts load while the browser is idle.
  await page.waitForLoadState('networkidle')
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const hold = async (route: Route) => {
    await released
    await route.continue().catch(() => {})
  }
  for (const pattern of [`**/api/fn/${fn}*`, '**/assets/**', '**/locales/**']) await page.route(pattern, hold)
  return release
}

/**
 * At one instant: the visible page heading, the visible entries of the main navigation marked
 * current, and the section the manager's top bar names (when there is one).
 */
function onScreen(page: Page) {
  return page.evaluate(() => {
    const text = (element: Element | null | undefined) => element?.textContent?.trim()
    const visible = (selector: string) =>
      [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility())
    const marked = visible('nav[aria-label="Main navigation"] [aria-current="page"]').map(text)
    const section = text(document.querySelector('header > div > p'))
    return { heading: text(visible('h1')[0]), marked, ...(section ? { section } : {}) }
  })
}

/** The frame standing in for a page while it loads. */
const frameOf = (page: Page) => page.getByRole('main').locator('[data-frame]')

test.describe('one name for each place', () => {
  test('the app’s menu names the app switch once, as the page it opens', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('user') })
    const page = await context.newPage()
    await page.goto('/app')
    expect(await menuEntries(page)).toEqual(['Account', 'Switch app', 'Sign out'])
    await page
      .getByRole('navigation', { name: 'Your menu' })
      .getByRole('link', { name: 'Switch app' })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Switch app')
    await context.close()
  })

  test('the manager’s menu has no second way to name another app', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('admin') })
    const page = await context.newPage()
    await page.goto('/manager/dashboard')
    expect(await menuEntries(page)).toEqual(['Account', 'Switch app', 'API documentation', 'Sign out'])
    await context.close()
  })
})

test.describe('as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test('an app one may not open has a calm note with an icon, saying whom to ask', async ({ page }) => {
    await page.goto('/apps?from=app')
    const manager = page.getByRole('listitem').filter({ hasText: 'Advanced, admin style' })
    const note = manager.getByRole('note')
    await expect(note).toHaveText('You don’t have access to this app. Ask an administrator if you need it.')
    await expect(note.locator('svg')).toBeVisible()
    // Muted like the description beside it, not red, and the card is not faded.
    const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color)
    expect(await colour(note)).toBe(await colour(manager.getByText('Advanced, admin style')))
    expect(await manager.locator('> *').evaluate((card) => getComputedStyle(card).opacity)).toBe('1')
  })

  for (const [lng, greeting] of [
    ['en', /^Welcome, \S/],
    ['fr', /^Bienvenue, \S/],
    ['sw', /^Karibu, \S/],
    ['ar', /^مرحبًا، \S/],
  ] as const)
    test(`the home greets by name after a comma (${lng})`, async ({ page }) => {
      await page.goto(`/app?lng=${lng}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting)
    })

  test('a slow page shows its frame at once, which the menu marks, with a progress bar', async ({ page }) => {
    await page.goto('/app/account')
    await waitForHydration(page)
    const release = await holdNetwork(page, 'book--getBooks')
    await mainNavigation(page).getByRole('link', { name: 'Books' }).click()
    // Nothing of the coming page has arrived: its frame is drawn from what the browser has.
    await expect(frameOf(page)).toBeVisible()
    expect(await onScreen(page)).toEqual({ heading: 'Books', marked: ['Books'] })
    await expect(frameOf(page)).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached()
    await expect(page.getByRole('status').filter({ hasText: 'Loading the page…' })).toBeVisible()
    release()
    await expect(page.getByRole('searchbox', { name: 'Search books' })).toBeVisible()
    await expect(frameOf(page)).toHaveCount(0)
    expect(await onScreen(page)).toEqual({ heading: 'Books', marked: ['Books'] })
    await expect(page.getByRole('status').filter({ hasText: 'Loading the page…' })).toBeHidden()
  })

  test('a book’s frame names the list above it as the breadcrumb', async ({ page }) => {
    await page.goto('/app/books')
    await waitForHydration(page)
    const release = await holdNetwork(page, 'book--getBookById')
    await page.getByRole('main').getByRole('listitem').first().getByRole('link').click()
    await expect(frameOf(page)).toBeVisible()
    const breadcrumb = frameOf(page).getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link')).toHaveText(['Books'])
    await expect(frameOf(page).getByRole('heading', { level: 1 })).toHaveText('Loading…')
    expect((await onScreen(page)).marked).toEqual(['Books'])
    release()
    await expect(frameOf(page)).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['Books'])
  })
})

test.describe('as an administrator on a laptop', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: laptop })

  test('a slow list shows its frame at once: the sidebar, the top bar and the title name it, over its bar, header row and rows', async ({
    page,
  }) => {
    await page.goto('/manager/users')
    await waitForHydration(page)
    const rows = await page.getByRole('main').locator('tbody tr').count()
    const rowHeight = await page
      .getByRole('main')
      .locator('tbody tr')
      .first()
      .evaluate((row) => row.getBoundingClientRect().height)
    // The list remembers its length once its own part of the page has hydrated, which may come
    // after the page's.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('list-length:/manager/users')))
      .toContain(`"rows":${rows}`)
    await page.goto('/manager/dashboard')
    await waitForHydration(page)
    const release = await holdNetwork(page, 'user--getUsers')
    await mainNavigation(page).getByRole('link', { name: 'Users' }).click()
    await expect(frameOf(page)).toBeVisible()
    expect(await onScreen(page)).toEqual({ heading: 'Users', marked: ['Users'], section: 'Users' })
    // The page's bar stays under the top bar, as the page's own does.
    await expect(frameOf(page).locator('[data-page-bar]')).toHaveCSS('position', 'sticky')
    // As many rows as the list showed last, as tall.
    const skeletonRows = frameOf(page).locator('[data-skeleton-row]')
    await expect(skeletonRows).toHaveCount(rows)
    expect(
      Math.abs(
        (await skeletonRows.first().evaluate((row) => row.getBoundingClientRect().height)) - rowHeight,
      ),
    ).toBeLessThan(1)
    release()
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeVisible()
    await expect(frameOf(page)).toHaveCount(0)
    expect(await onScreen(page)).toEqual({ heading: 'Users', marked: ['Users'], section: 'Users' })
    await expect(page.getByRole('main').locator('tbody tr')).toHaveCount(rows)
  })
})

test.describe('toasts on a phone', () => {
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  for (const [role, start] of [
    ['user', '/app'],
    ['admin', '/manager/dashboard'],
  ] as const)
    test(`cover neither the top bar nor the bottom bar (${start})`, async ({ browser }) => {
      // Without motion a toast stands where it stays, so its box is measured there.
      const context = await browser.newContext({
        storageState: storageStateOf(role),
        viewport: phone,
        reducedMotion: 'reduce',
      })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      const page = await context.newPage()
      await page.goto(start)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Your menu' }).click()
      await page.getByRole('button', { name: 'Copy version info' }).click()
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Version info copied' })
      await expect(toast).toBeVisible()
      const toastBox = await toast.boundingBox()
      const headerBox = await page.getByRole('banner').boundingBox()
      expect(toastBox && headerBox).toBeTruthy()
      if (!toastBox || !headerBox) return
      expect(overlap(toastBox, headerBox)).toBe(false)
      const bottomBar = mainNavigation(page)
      if ((await bottomBar.count()) > 0) {
        const barBox = await bottomBar.boundingBox()
        expect(barBox && overlap(toastBox, barBox)).toBe(false)
      }
      // Inside the window, not pushed off it.
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(phone.height)
      await context.close()
    })
})
