/**
 * Lighthouse's non-timing checks on the benchmarked pages: no console errors at phone size, one
 * stylesheet that paints with the page, pages and scripts compressed. Timings belong to `pnpm bench`.
 */
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'

import { seededCookie } from './support/auth-api'
import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }

/** Console errors and failed requests while the page loads and hydrates. */
async function problemsOpening(page: Page, path: string) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return problems
}

test.describe('at phone size, no error in the console', () => {
  test.use(phone)

  test('/login, signed out', async ({ page }) => {
    expect(await problemsOpening(page, '/login')).toEqual([])
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    expect((await page.request.get(icon ?? '/favicon.ico')).status()).toBe(200)
  })

  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })
    test('/app/books', async ({ page }) => expect(await problemsOpening(page, '/app/books')).toEqual([]))
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })
    test('/manager/books', async ({ page }) =>
      expect(await problemsOpening(page, '/manager/books')).toEqual([]))
  })
})

/** The stylesheets a page requests, by address. */
function stylesheetRequests(page: Page) {
  const requested: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css'))
      requested.push(new URL(request.url()).pathname)
  })
  return requested
}

test.describe('the stylesheet', () => {
  test.use(phone)

  test('/login links one hashed stylesheet, served immutable, downloaded once, and carries no copy of it', async ({
    page,
  }) => {
    const requested = stylesheetRequests(page)
    await page.goto('/login')
    await waitForHydration(page)
    // Typing loads the form's lazily loaded parts, whose chunks list the stylesheet among their needs.
    await page.getByLabel('Email').fill('someone@example.com')
    await page.waitForLoadState('networkidle')
    const linked = await page
      .locator('head link[rel="stylesheet"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(linked).toEqual([expect.stringMatching(/^\/assets\/[\w-]+\.css$/)])
    expect(requested).toEqual(linked)
    expect(await (await page.request.get('/login')).text()).not.toContain('<style')
    const response = await page.request.get(linked[0] ?? '')
    expect(response.headers()['cache-control']).toContain('immutable')
  })

  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })

    test('still applies on the pages reached from a page, with no second download', async ({ page }) => {
      const requested = stylesheetRequests(page)
      await page.goto('/app')
      const nav = page.getByRole('navigation', { name: 'Main navigation' })
      // A client-side navigation, not a second page load.
      await waitForHydration(page)
      await nav.getByRole('link', { name: 'Books' }).click()
      await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      // The bottom bar keeps its styles after hydration.
      expect(await nav.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
      expect(requested).toHaveLength(1)
    })
  })

  test('the first paint on a slow link is the styled page, in the dark theme chosen, before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...phone, colorScheme: 'dark' })
    const page = await context.newPage()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.css', async (route) => {
      await held
      await route.continue()
    })
    // The page's scripts never arrive: what paints comes from the HTML and the stylesheet alone.
    await page.route('**/assets/*.js', () => {})
    const documentLoaded = page.waitForEvent(
      'requestfinished',
      (request) => request.resourceType() === 'document',
    )
    await page.goto('/login', { waitUntil: 'commit' })
    await documentLoaded
    // Nothing paints while the stylesheet is on its way. (Waiting a moment gives a paint the chance.)
    const paintsWhileHeld = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          setTimeout(() => resolve(performance.getEntriesByType('paint').length), 500),
        ),
    )
    expect(paintsWhileHeld).toBe(0)
    release()
    const email = page.getByLabel('Email')
    await expect(email).toBeVisible()
    // Styled: the field has its rounded border and the page the dark theme's background.
    expect(await email.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px')
    // The dark background, read from the picture painted.
    const { data } = await sharp(await page.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true })
    const [red = 255, green = 255, blue = 255] = data.subarray(0, 3)
    expect(red + green + blue).toBeLessThan(100)
    expect(await page.locator('html').getAttribute('class')).toContain('dark')
    await context.close()
  })
})

test.describe('compression', () => {
  test.use({ storageState: storageStateOf('user') })
  const sessionToken = () =>
    decodeURIComponent(/session_token=([^.;]+)/.exec(seededCookie('user'))?.[1] ?? '-')

  test('a page travels in brotli or gzip, as the browser accepts, and decodes to the page', async ({
    request,
  }) => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await request.get('/app/books', { headers: { 'accept-encoding': accept } })
      expect(response.status()).toBe(200)
      expect(response.headers()['content-encoding']).toBe(encoding)
      expect(response.headers()['vary']).toMatch(/accept-encoding/i)
      const html = await response.text()
      expect(html).toContain('</html>')
      // A compressed page must hold no secret (the BREACH attack), so the session token stays in its cookie.
      expect(html).not.toContain(sessionToken())
    }
    const plain = await request.get('/app/books', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers()['content-encoding']).toBeUndefined()
  })

  test("a page's scripts are served compressed", async ({ page, request }) => {
    await page.goto('/login')
    const assets = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    const large = assets.filter((href) => href.startsWith('/assets/'))
    expect(large.length).toBeGreaterThan(1)
    for (const href of large) {
      const response = await request.get(href, { headers: { 'accept-encoding': 'gzip, br' } })
      const length = (await response.body()).length
      // Nitro does not compress files too small to gain from it.
      if (length < 1024) continue
      expect({ href, encoding: response.headers()['content-encoding'] }).toEqual({ href, encoding: 'br' })
    }
  })
})

test('a page rendered for its request leaves whole: in one piece with its length, not streamed part by part', async ({
  request,
}) => {
  // The sign-in page at a new address, so it is rendered rather than cached, and a signed-in page.
  for (const [path, cookie] of [
    [`/login?visit=${crypto.randomUUID()}`, ''],
    ['/app/books', seededCookie('user')],
  ] as const) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'identity', cookie } })
    expect(response.status()).toBe(200)
    const length = (await response.body()).length
    expect({ path, length: response.headers()['content-length'] }).toEqual({ path, length: String(length) })
    expect(response.headers()['transfer-encoding']).toBeUndefined()
  }
})
