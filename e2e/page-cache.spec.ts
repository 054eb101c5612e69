/**
 * A page carries only its own language's texts. Signed-out `/login` is served from the page cache
 * with a fresh CSP nonce each time; a signed-in page is rendered every time and marked no-store.
 */
import { type APIResponse, expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

import { appConfig } from '@/app.config'

import { signInOverHttp } from './support/auth-api'
import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'
import { serverFnPayload, serverFnPostHeaders } from './support/server-fn'

/** The nonce of a page's CSP and every distinct nonce written into its HTML. */
async function noncesOf(response: APIResponse) {
  const csp = response.headers()['content-security-policy'] ?? ''
  const html = await response.text()
  const written = new Set(
    [...html.matchAll(/nonce="([^"]+)"|property="csp-nonce" content="([^"]+)"/g)].map((m) => m[1] ?? m[2]),
  )
  return { csp: /'nonce-([^']+)'/.exec(csp)?.[1], written: [...written], html }
}

/** The headers of an answer that may differ from one answer to the next of the same page. */
const OWN_HEADERS = new Set(['date', 'content-security-policy', 'x-request-id', 'content-length'])
const sameEvery = (response: APIResponse) =>
  Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !OWN_HEADERS.has(name)))

/** The times a page's dehydrated state says its data was read. */
const readTimes = (html: string) =>
  [...html.matchAll(/[{,](?:u|dataUpdatedAt|dehydratedAt):(\d{13})[,}]/g)].map((m) => Number(m[1]))

test.describe('the anonymous page cache', () => {
  test('renders /login, keeps it when asked again, then serves it with each answer’s own nonce', async ({
    request,
  }) => {
    // An address of this test's own, so other tests' cached pages do not interfere.
    const path = `/login?lng=sw&redirect=${encodeURIComponent(`/app/books?from=${randomUUID()}`)}`
    const rendered = await request.get(path)
    const first = await request.get(path)
    const kept = await request.get(path)
    expect(kept.status()).toBe(200)
    const [a, b] = [await noncesOf(first), await noncesOf(kept)]
    expect(a.written).toEqual([a.csp])
    expect(b.written).toEqual([b.csp])
    expect(b.csp).not.toBe(a.csp)
    const same = (html: string, nonce = '') =>
      html.replaceAll(nonce, 'NONCE').replace(/\b(u|dehydratedAt|dataUpdatedAt):\d{13}/g, '$1:0')
    expect(same(b.html, b.csp)).toBe(same(a.html, a.csp))
    expect(b.html).toContain('lang="sw"')
    expect(kept.headers()['x-request-id']).toMatch(/^[\w-]{36}$/)
    // No header tells a cached answer from a rendered one.
    expect(sameEvery(kept)).toEqual(sameEvery(rendered))
    expect(kept.headers()['cache-control']).toBeUndefined()
  })

  test('a kept page does not tell when it was rendered: its data reads as of the moment it is served', async ({
    request,
  }) => {
    const path = `/login?redirect=${encodeURIComponent(`/app?from=${randomUUID()}`)}`
    for (let ask = 0; ask < 2; ask++) await request.get(path)
    await sleep(1500)
    const asked = Date.now()
    const times = readTimes(await (await request.get(path)).text())
    expect(times.length).toBeGreaterThan(2)
    // The cached copy is over a second old, yet its data times must be this answer's.
    for (const time of times) expect(time).toBeGreaterThanOrEqual(asked - 500)
  })

  test('keeps each language apart, and ignores unknown parameters and cookies the page does not read', async ({
    request,
  }) => {
    const path = `/login?redirect=${encodeURIComponent(`/app?from=${randomUUID()}`)}`
    for (let ask = 0; ask < 2; ask++) await request.get(`${path}&lng=fr`)
    const arabic = await request.get(`${path}&lng=ar`)
    expect(await arabic.text()).toContain('dir="rtl"')
    const byHeader = await request.get(path, { headers: { 'accept-language': 'ar' } })
    const byCookie = await request.get(path, { headers: { cookie: 'i18next=fr; _ga=GA1.2.3' } })
    expect(await byHeader.text()).toContain('dir="rtl"')
    expect(await byCookie.text()).toContain('lang="fr"')
    const unknown = await request.get(`${path}&utm_source=mail`)
    expect(unknown.status()).toBe(200)
    expect(await unknown.text()).toContain('lang="en"')
  })

  test('a page with a session cookie is rendered and kept by no cache, even an ended one', async ({
    request,
  }) => {
    const ended = await request.get('/login', {
      headers: { cookie: 'better-auth.session_token=ended.session' },
    })
    expect(ended.status()).toBe(200)
    expect(ended.headers()['cache-control']).toBe('private, no-store')
  })

  test.describe('signed in', () => {
    test.use({ storageState: storageStateOf('user') })
    test('/login sends the visitor on, never from a kept copy', async ({ request }) => {
      const response = await request.get('/login', { maxRedirects: 0 })
      expect(response.status()).toBe(307)
    })
  })

  test('a kept page runs in the browser under its CSP', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const path = `/login?redirect=${encodeURIComponent(`/app?from=${randomUUID()}`)}`
    for (let ask = 0; ask < 2; ask++) await page.request.get(path)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await page.getByLabel('Email').fill('kept@example.com')
    await expect(page.getByLabel('Email')).toHaveValue('kept@example.com')
    expect(violations).toEqual([])
  })
})

/** A new account, signed in and onboarded under `name`: its cookie and e-mail address. */
async function newReader(name: string) {
  const { cookie, email } = await signInOverHttp()
  const onboarded = await fetch(`${harness.baseUrl}${appConfig.serverFnBase}/auth--completeOnboarding`, {
    method: 'POST',
    headers: { ...serverFnPostHeaders(harness.baseUrl), cookie },
    body: await serverFnPayload({ name }),
  })
  expect(onboarded.status).toBe(200)
  return { cookie, email, name }
}

test.describe('signed-in pages', () => {
  test('are rendered for their reader on every request, and marked for no cache to keep', async () => {
    const [ann, bushra] = await Promise.all([
      newReader(`Ann ${randomUUID().slice(0, 8)}`),
      newReader(`بشرى ${randomUUID().slice(0, 8)}`),
    ])
    for (const path of ['/app/books', `/app/books?from=${randomUUID()}`]) {
      for (const [reader, other] of [
        [ann, bushra],
        [bushra, ann],
        [ann, bushra],
      ] as const) {
        const response = await fetch(`${harness.baseUrl}${path}`, {
          headers: { cookie: reader.cookie },
          redirect: 'manual',
        })
        expect(response.status).toBe(200)
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        const html = await response.text()
        expect(html).toContain(reader.email)
        expect(html).not.toContain(other.email)
        expect(html).not.toContain(other.name)
      }
    }
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
    // English texts that a French page must not carry.
    for (const english of ['Sign in or sign up', 'Something went wrong', 'Main navigation'])
      expect({ english, found: html.includes(english) }).toEqual({ english, found: false })
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('')
    expect(englishFetched).toEqual([])
  })
})
