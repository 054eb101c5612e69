import { expect, test } from '@playwright/test'

test.describe('scaffold baseline', () => {
  test('/ leads to the login page with the e-mail field', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue with email' })).toBeVisible()
  })

  test('an unknown page answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  })

  test('the liveness and readiness probes answer, never kept by a cache', async ({ request }) => {
    for (const [path, status] of [
      ['/api/health/live', 'ok'],
      ['/api/health/ready', 'ready'],
    ] as const) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBe('no-store')
      expect(await response.json(), path).toEqual({ status })
    }
  })

  test('every page carries a CSP with a fresh nonce on every script, and Chromium reports no violation', async ({
    page,
  }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      )
    })
    const first = await page.goto('/login')
    const headers = first?.headers() ?? {}
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBeTruthy()
    expect(headers['permissions-policy']).toBeTruthy()

    const scripts = await page
      .locator('script')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).nonce))
    expect(scripts.length).toBeGreaterThan(0)
    for (const scriptNonce of scripts) expect(scriptNonce).toBe(nonce)

    // The page hydrates under the Content-Security-Policy, so client-side validation runs.
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()

    const second = await page.goto('/login')
    expect(second?.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`)
    expect(violations).toEqual([])
  })

  test('a cross-site POST to a server function is refused with 403', async ({ request }) => {
    const response = await request.post('/api/fn/auth--getCurrentSession', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      data: {},
    })
    expect(response.status()).toBe(403)
  })

  test('the server picks the language from lng, then the cookie, then Accept-Language', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'fr-FR' })
    const page = await context.newPage()
    const translationRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/locales/')) translationRequests.push(request.url())
    })
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('button', { name: 'Continuer avec l’e-mail' })).toBeVisible()
    // Hydrates in French with the texts the server sent, with no extra request and no flash.
    await page.getByRole('button', { name: 'Continuer avec l’e-mail' }).click()
    await expect(page.getByText('L’e-mail est requis')).toBeVisible()
    expect(translationRequests).toEqual([])

    await page.goto('/login?lng=ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('style', /--font-scale:\s*1\.2/)

    // The chosen language is remembered in the cookie for the next request.
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await context.close()
  })
})
