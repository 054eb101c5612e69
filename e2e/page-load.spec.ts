/**
 * Lighthouse's non-timing checks on the benchmarked pages: no console errors at phone size, the
 * stylesheet inlined, pages and scripts compressed. Timings belong to `pnpm bench`.
 */
import { expect, type Page, test } from '@playwright/test'

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

test.describe('the stylesheet, as a user at phone size', () => {
  test.use({ ...phone, storageState: storageStateOf('user') })

  test('comes inside the page, and still applies on the pages reached from it', async ({ page }) => {
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
    })
    await page.goto('/app')
    expect((await page.locator('head style[data-tsr-inline-css]').textContent())?.length).toBeGreaterThan(
      1000,
    )
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    // A client-side navigation, not a second page load.
    await waitForHydration(page)
    await nav.getByRole('link', { name: 'Books' }).click()
    await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible()
    // The bottom bar keeps its styles after hydration.
    expect(await nav.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
    expect(stylesheets).toEqual([])
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
