import { expect, type Page, test } from '@playwright/test'
import postgres from 'postgres'

import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'
import { codeOf } from '~/test/mailbox'

import { startAppServer } from './support/app-server'
import {
  firstItemLink,
  itemLinks,
  signUpThroughUi,
  waitForHydration,
  watchHydration,
} from './support/fixtures'
import { storageStateOf } from './support/roles'

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

test.describe('the app, as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test(
    'navigates with a bottom bar on a phone and the header on a large screen',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/app')
      await expect(page).toHaveTitle('Home · Folio')
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
      const nav = mainNavigation(page)
      await expect(nav).toHaveCount(1)
      const box = await nav.boundingBox()
      const viewport = page.viewportSize()
      if (isPhone(page))
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan((viewport?.height ?? 0) - 2)
      else expect(box?.y ?? 999).toBeLessThan(80)

      await nav.getByRole('link', { name: 'Books' }).click()
      await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible()
      await expect(nav.getByRole('link', { name: 'Books' })).toHaveAttribute('aria-current', 'page')
      await expect(page).toHaveTitle('Books · Folio')
      await nav.getByRole('link', { name: 'Account' }).click()
      await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
      await nav.getByRole('link', { name: 'Home' }).click()
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
    },
  )

  test(
    'the user menu: who, account, app switch, theme, sign out and the version',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/app')
      await page.getByRole('button', { name: 'Your menu' }).click()
      const menu = page.getByRole('navigation', { name: 'Your menu' })
      for (const name of ['Account', 'Switch app', 'Sign out'])
        await expect(menu.getByRole('link', { name })).toBeVisible()
      const version = /^v\d+\.\d+\.\d+ · \w+ · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/
      await expect(page.getByText(version)).toBeVisible()
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
      await page.getByRole('button', { name: 'Copy version info' }).click()
      await expect(page.getByText('Version info copied to clipboard')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(version)
      await page.getByText('Dark', { exact: true }).click()
      await expect(page.locator('html')).toHaveClass(/dark/)
      await page.getByText('Light', { exact: true }).click()
      await expect(page.locator('html')).not.toHaveClass(/dark/)
      // Escape from the theme switch inside the panel returns the focus to the button.
      await expect(page.getByRole('radio', { name: 'Light' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(page.getByRole('button', { name: 'Your menu' })).toBeFocused()

      await page.getByRole('button', { name: 'Your menu' }).click()
      await menu.getByRole('link', { name: 'Switch app' }).click()
      await expect(page).toHaveTitle('Switch app · Folio')
      const app = page.getByRole('listitem').filter({ hasText: 'Simple and mobile first' })
      const manager = page.getByRole('listitem').filter({ hasText: 'Advanced, admin style' })
      await expect(app.getByText('You are here')).toBeVisible()
      await expect(manager.getByRole('note')).toHaveText(
        'You don’t have access to this app. Ask an administrator if you need it.',
      )
      await expect(manager.getByRole('link')).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', /^https:\/\//)
      await expect(page.getByRole('link', { name: 'Open an issue' })).toHaveAttribute(
        'href',
        /\/issues\/new$/,
      )
      await app.getByRole('link').click()
      await expect(page).toHaveURL(/\/app$/)
    },
  )

  test('each group has its own not-found page, answered with 404, with Back and Home', async ({ page }) => {
    const response = await page.goto('/app/no-such-page')
    expect(response?.status()).toBe(404)
    const notFound = page.getByRole('region', { name: 'This page could not be found' })
    await expect(notFound.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app')
    await expect(notFound.getByRole('button', { name: 'Back' })).toBeVisible()
    const forbidden = await page.goto('/manager/books')
    expect(forbidden?.status()).toBe(403)
    const denied = page.getByRole('region', { name: 'You don’t have access to this page' })
    await expect(denied.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/manager')
  })

  test('a failed page shows what went wrong; Try again spins and then loads the data again', async ({
    page,
  }) => {
    await page.goto('/app/books')
    // Open the book client-side, because a full page load would not make the request that fails.
    await waitForHydration(page)
    const first = firstItemLink(page)
    const title = (await first.locator('span[title]').first().getAttribute('title')) ?? ''
    // The page's data request fails, so the error boundary takes over.
    await page.route('**/api/fn/book--getBookById*', (route) => route.abort())
    await first.click()
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('alert')).toBeVisible()
    // The app's navigation stays, and the main landmark is the layout's.
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible()
    await expect(page.getByRole('main')).toHaveCount(1)
    await page.unroute('**/api/fn/book--getBookById*')
    const retry = page.getByRole('button', { name: 'Try again' })
    await retry.click()
    await expect(retry).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
  })

  test(
    'a slow page shows its frame; going back before it comes restores the scroll position',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/app/books')
      await page.getByRole('button', { name: 'Load more' }).click()
      await expect(itemLinks(page)).toHaveCount(40)
      await page.mouse.wheel(0, 1500)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
      // The scroll's event comes with the next frame: a click before it would count it to the book.
      const scrolled = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY))),
          ),
      )
      await page.route('**/api/fn/book--getBookById*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4000))
        await route.continue()
      })
      // A book wholly in view, so that the click scrolls nothing itself.
      const inView = await itemLinks(page).evaluateAll((links) =>
        links.findIndex((link) => {
          const { top, bottom } = link.getBoundingClientRect()
          // Below the top bar and above the phone's bottom bar.
          return top > 64 && bottom < innerHeight - 72
        }),
      )
      expect(inView).toBeGreaterThan(0)
      await itemLinks(page).nth(inView).click()
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible()
      // A loading page has one heading too.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading…')
      await expect(
        page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Books' }),
      ).toBeVisible()
      await page.goBack()
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2)
    },
  )

  test('preloads a page on intent, and loads the manager’s code only in the manager', async ({ page }) => {
    const scripts: string[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''))
    })
    // Start from a page that has not loaded the catalogue (the home page shows its first books).
    await page.goto('/app/account')
    await waitForHydration(page)
    const preload = page.waitForRequest('**/api/fn/book--getBooks*')
    await mainNavigation(page).getByRole('link', { name: 'Books' }).hover()
    await preload
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.some((source) => source.includes('sessions.revokeAllTitle'))).toBe(false)
  })
})

test.describe('the manager, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test(
    'a sidebar grouped under Application and Configuration, collapsible and remembered',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/manager/dashboard')
      await expect(page).toHaveTitle('Dashboard · Folio')
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
      if (isPhone(page)) {
        await expect(mainNavigation(page)).toHaveCount(0)
        await toggle.click()
      } else {
        await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      }
      const nav = mainNavigation(page)
      await expect(nav.getByText('Application')).toBeVisible()
      await expect(nav.getByText('Configuration')).toBeVisible()
      for (const name of ['Dashboard', 'Books', 'Users', 'Account'])
        await expect(nav.getByRole('link', { name })).toBeVisible()
      await nav.getByRole('link', { name: 'Users' }).click()
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
      if (isPhone(page)) {
        // The sheet closes once an entry is followed.
        await expect(mainNavigation(page)).toHaveCount(0)
        return
      }
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(mainNavigation(page)).toHaveCount(0)
      await page.reload()
      await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
        'aria-expanded',
        'false',
      )
      await expect(mainNavigation(page)).toHaveCount(0)
      await page.getByRole('button', { name: 'Toggle sidebar' }).click()
      await expect(mainNavigation(page)).toBeVisible()
    },
  )

  test('the user menu opens the API documentation, and the app switch marks where one is', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    await page.getByRole('button', { name: 'Your menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Your menu' })
    await expect(menu.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/manager/api-docs',
    )
    await menu.getByRole('link', { name: 'Switch app' }).click()
    const manager = page.getByRole('listitem').filter({ hasText: 'Advanced, admin style' })
    await expect(manager.getByText('You are here')).toBeVisible()
    await expect(page.getByRole('note')).toHaveCount(0)
    await manager.getByRole('link').click()
    await expect(page).toHaveURL(/\/manager\/dashboard$/)
  })

  test('the dashboard shows figures and the latest sign-ins from the database', async ({ page, browser }) => {
    const elsewhere = await browser.newContext({ storageState: { cookies: [], origins: [] } })
    const { email } = await signUpThroughUi(await elsewhere.newPage(), { name: 'Fresh Reader' })
    await elsewhere.close()
    await page.goto('/manager/dashboard')
    for (const label of ['Sign-ins', 'Active people', 'New users', 'Books added'])
      await expect(page.getByRole('main').getByRole('link').filter({ hasText: label })).toContainText(/\d/)
    await expect(page.getByRole('region', { name: 'Recent sign-ins' }).getByText(email)).toBeVisible()
  })

  test("dates render for a reader whose time zone is far from the server's, without a hydration error", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      storageState: storageStateOf('admin'),
      timezoneId: 'Pacific/Kiritimati',
    })
    const page = await context.newPage()
    const errors = watchHydration(page)
    await page.goto('/manager/dashboard')
    await expect(page.getByRole('heading', { name: 'Recent sign-ins' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])
    // Its exact time (on hover) is in the reader's time zone (UTC+14 here). Text and time are read
    // together, because another sign-in may come first meanwhile.
    const shownAndInZone = () =>
      page
        .getByRole('region', { name: 'Recent sign-ins' })
        .locator('time')
        .first()
        .evaluate((element) => [
          element.getAttribute('title'),
          new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(element.getAttribute('datetime') ?? ''),
          ),
        ])
    await expect
      .poll(async () => {
        const [shown, inZone] = await shownAndInZone()
        return shown === inZone || `${shown} is not ${inZone}`
      })
      .toBe(true)
    await context.close()
  })

  test('the manager has its own not-found page', async ({ page }) => {
    const response = await page.goto('/manager/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(
      page.getByRole('region', { name: 'This page could not be found' }).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('href', '/manager')
  })
})

test.describe('toasts', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('appear at the bottom centre, 356px wide with a 14px gap, at most 3, and alt+T reaches them', async ({
    page,
  }) => {
    await page.goto('/manager/books/new')
    await waitForHydration(page)
    // Four failed saves give four toasts, of which three are shown.
    await page.route('**/api/fn/book--postBook', (route) => route.abort())
    await page.getByLabel('Title').fill('Toast')
    await page.getByLabel('Author').fill('Toaster')
    await page.getByRole('combobox', { name: 'Genre' }).click()
    await page.getByRole('option').first().click()
    const createBook = page.getByRole('button', { name: 'Create book' })
    const toaster = page.locator('[data-sonner-toaster]')
    const toastsShown = toaster.locator('[data-sonner-toast]')
    await createBook.click()
    await expect(toastsShown).toHaveCount(1)
    // Toasts reached by keyboard stay until dismissed, so none expires while the test tabs through.
    await page.keyboard.press('Alt+KeyT')
    await expect(toaster).toBeFocused()
    for (let count = 0; count < 3; count++) await createBook.click()
    await expect(toastsShown).toHaveCount(4)
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom')
    await expect(toaster).toHaveAttribute('data-x-position', 'center')
    await expect(toaster).toHaveCSS('--width', '356px')
    await expect(toaster).toHaveCSS('--gap', '14px')
    await expect(toaster.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3)
    // Reached by keyboard, a toast closes by keyboard.
    await page.keyboard.press('Alt+KeyT')
    await expect(toaster).toBeFocused()
    // Tab goes through the toast, then its close button.
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
    for (let stop = 0; stop < 3 && (await focusedName()) !== 'Close the notification'; stop++)
      await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('Close the notification')
    await page.keyboard.press('Enter')
    await expect(toastsShown).toHaveCount(3)
  })
})

test('the login group has its own not-found page', async ({ page }) => {
  const response = await page.goto('/login/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/login')
})

test.describe('on a server whose database fails, with an environment name', () => {
  test.skip(!testDatabaseServer(), 'needs PostgreSQL to break a table under a running server')
  test.describe.configure({ mode: 'serial' })
  let app: Awaited<ReturnType<typeof startAppServer>>
  let database: Awaited<ReturnType<typeof createFreshDatabase>>

  test.beforeAll(async () => {
    database = await createFreshDatabase(testDatabaseServer() ?? '', 'folio_e2e_fail')
    app = await startAppServer({
      DATABASE_URL: database.url,
      ENV_NAME: 'staging',
      ENV_EMOJI: '🧪',
    })
  })
  test.afterAll(async () => {
    await app?.stop()
    await database?.drop()
  })

  test('a server-rendered failure answers 500 with the error page, and Try again recovers', async ({
    page,
  }) => {
    await page.goto(`${app.url}/login`)
    await page.getByLabel('Email').fill('user@example.com')
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page).toHaveURL(/\/login\/verify/)
    await page.getByLabel('Code').fill(codeOf(await app.mailbox.waitFor('user@example.com')))
    await expect(page).toHaveURL(/\/app$/)
    await expect(page).toHaveTitle('[🧪 staging] · Home · Folio')
    await expect(page.getByTestId('environment-hint')).toHaveText('🧪 staging')

    // Open a book's page, because the catalogue's first page (on the home page) is cached in memory.
    const book = await page
      .getByRole('region', { name: 'New in the catalogue' })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .getAttribute('href')
    const sql = postgres(database.url, { max: 1, onnotice: () => {} })
    await sql`alter table book rename to book_away`
    const response = await page.goto(`${app.url}${book}`)
    expect(response?.status()).toBe(500)
    // The server already renders the app's translated error page inside its layout, and the
    // browser keeps the same page.
    const html = (await response?.text()) ?? ''
    expect(html).toContain('Try again')
    expect(html).toContain('Main navigation')
    await expect(
      page.getByRole('region', { name: 'Something went wrong' }).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('href', '/app')
    await waitForHydration(page)
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible()
    await sql`alter table book_away rename to book`
    await sql.end()
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Books' }),
    ).toBeVisible()
  })
})
