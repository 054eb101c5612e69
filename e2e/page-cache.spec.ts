/**
 * What each page carries and what the server keeps: a page brings its own language's texts only,
 * and `/login`, the same for every signed-out visitor, is rendered once and then served from the
 * anonymous page cache (src/server/page-cache.ts) with a fresh CSP nonce each time.
 */
import { type APIResponse, expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'

import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'

const CACHE = 'x-page-cache'

/** The nonce of a page's CSP and every distinct nonce written into its HTML. */
async function noncesOf(response: APIResponse) {
  const csp = response.headers()['content-security-policy'] ?? ''
  const html = await response.text()
  const written = new Set(
    [...html.matchAll(/nonce="([^"]+)"|property="csp-nonce" content="([^"]+)"/g)].map((m) => m[1] ?? m[2]),
  )
  return { csp: /'nonce-([^']+)'/.exec(csp)?.[1], written: [...written], html }
}

test.describe('the anonymous page cache', () => {
  test('renders /login, keeps it when asked again, then serves it with each answer’s own nonce', async ({
    request,
  }) => {
    // An address of this test's own: other tests' visits are kept under theirs.
    const path = `/login?lng=sw&redirect=${encodeURIComponent(`/app/books?from=${randomUUID()}`)}`
    expect((await request.get(path)).headers()[CACHE]).toBe('miss')
    const first = await request.get(path)
    expect(first.headers()[CACHE]).toBe('miss')
    const second = await request.get(path)
    expect(second.status()).toBe(200)
    expect(second.headers()[CACHE]).toBe('hit')
    const [a, b] = [await noncesOf(first), await noncesOf(second)]
    expect(a.written).toEqual([a.csp])
    expect(b.written).toEqual([b.csp])
    expect(b.csp).not.toBe(a.csp)
    expect(b.html.replaceAll(b.csp ?? '', 'NONCE')).toBe(a.html.replaceAll(a.csp ?? '', 'NONCE'))
    expect(b.html).toContain('lang="sw"')
    expect(second.headers()['x-request-id']).toMatch(/^[\w-]{36}$/)
  })

  test('keeps each language apart', async ({ request }) => {
    const path = `/login?redirect=${encodeURIComponent(`/app?from=${randomUUID()}`)}`
    const french = await request.get(`${path}&lng=fr`)
    expect(french.headers()[CACHE]).toBe('miss')
    const arabic = await request.get(`${path}&lng=ar`)
    expect(arabic.headers()[CACHE]).toBe('miss')
    expect(await arabic.text()).toContain('dir="rtl"')
    const byHeader = await request.get(path, { headers: { 'accept-language': 'ar' } })
    const byCookie = await request.get(path, { headers: { cookie: 'i18next=fr' } })
    expect(await byHeader.text()).toContain('dir="rtl"')
    expect(await byCookie.text()).toContain('lang="fr"')
  })

  test('never keeps what a session cookie asks for, nor other pages', async ({ request }) => {
    const ended = await request.get('/login', {
      headers: { cookie: 'better-auth.session_token=ended.session' },
    })
    expect(ended.status()).toBe(200)
    expect(ended.headers()[CACHE]).toBeUndefined()
    const verify = await request.get('/login/verify?email=cache%40example.com')
    expect(verify.headers()[CACHE]).toBeUndefined()
  })

  test.describe('signed in', () => {
    test.use({ storageState: storageStateOf('user') })
    test('/login sends the visitor on, never from a kept copy', async ({ request }) => {
      const response = await request.get('/login', { maxRedirects: 0 })
      expect(response.status()).toBe(307)
      expect(response.headers()[CACHE]).toBeUndefined()
    })
  })

  test('a kept page runs in the browser under its CSP', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const path = `/login?redirect=${encodeURIComponent(`/app?from=${randomUUID()}`)}`
    for (let ask = 0; ask < 2; ask++) expect((await page.request.get(path)).headers()[CACHE]).toBe('miss')
    const response = await page.goto(path)
    expect(response?.headers()[CACHE]).toBe('hit')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await page.getByLabel('Email').fill('kept@example.com')
    await expect(page.getByLabel('Email')).toHaveValue('kept@example.com')
    expect(violations).toEqual([])
  })
})

test.describe('the texts a page carries', () => {
  test('are its own language’s only: a French page has no English texts and fetches none', async ({
    page,
  }) => {
    const englishFetched: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/locales/en/')) englishFetched.push(request.url())
    })
    const response = await page.goto(`${harness.baseUrl}/login?lng=fr`)
    const html = (await response?.text()) ?? ''
    expect(html).toContain('Connexion ou inscription')
    // English-only texts of the login page, the error catalogue and the back office.
    for (const english of ['Login or Sign Up', 'Something went wrong', 'Main navigation'])
      expect({ english, found: html.includes(english) }).toEqual({ english, found: false })
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('')
    expect(englishFetched).toEqual([])
  })
})
