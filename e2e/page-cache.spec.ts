/**
 * What each page carries and what the server keeps: a page brings its own language's texts only;
 * `/login`, the same for every signed-out visitor, is rendered once and then served from the page
 * cache (src/server/page-cache.ts) with a fresh CSP nonce each time; and a signed-in list page is
 * rendered once for every reader it looks the same for, and served with each reader's own texts.
 */
import { type APIResponse, expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'

import { appConfig } from '@/app.config'

import { seededCookie, signInOverHttp } from './support/auth-api'
import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf, serverFnPayload, serverFnPostHeaders } from './support/server-fn'

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

const pageFor = (path: string, cookie: string) =>
  fetch(`${harness.baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' })

/** A page's markup without what differs from one answer to the next: the nonce and the times data was read. */
const sameEvery = (html: string) =>
  html
    .replace(/nonce="[^"]+"/g, 'nonce=""')
    .replace(/property="csp-nonce" content="[^"]+"/g, 'property="csp-nonce" content=""')
    .replace(/\b(u|dehydratedAt|dataUpdatedAt):\d+/g, '$1:0')

test.describe('the signed-in page cache', () => {
  // Texts that HTML and scripts each escape their own way, and a name that begins with a letter
  // written differently at the start of a word.
  const first = `Ann & "Jo" O'Lee ${randomUUID().slice(0, 8)}`
  const second = `بشرى \\ "قول" ${randomUUID().slice(0, 8)}`

  test('renders a list page once and serves it to each reader with their own name, e-mail and ids', async () => {
    const [ann, bushra] = await Promise.all([newReader(first), newReader(second)])
    const path = `/app/books?from=${randomUUID()}`
    // The list's code loaded once: a page with a part streamed late is not kept.
    await pageFor('/app/books', ann.cookie)
    expect((await pageFor(path, ann.cookie)).headers.get(CACHE)).toBe('miss')
    const standIn = await pageFor(path, ann.cookie)
    expect(standIn.headers.get(CACHE)).toBe('miss')
    const annPage = await standIn.text()
    const kept = await pageFor(path, bushra.cookie)
    expect(kept.status).toBe(200)
    expect(kept.headers.get(CACHE)).toBe('hit')
    const keptPage = await kept.text()
    // The same page rendered for Bushra alone (another Cookie header is another key).
    const rendered = await pageFor(path, `${bushra.cookie}; fresh=1`)
    expect(rendered.headers.get(CACHE)).toBe('miss')
    expect(sameEvery(keptPage)).toBe(sameEvery(await rendered.text()))
    expect(keptPage).toContain(bushra.email)
    expect(keptPage).toContain('>ب</span>')
    expect(keptPage).not.toContain(ann.email)
    expect(annPage).toContain(ann.email)
    expect(annPage).toContain('Ann &amp; &quot;Jo&quot; O&#x27;Lee')
    expect(annPage).not.toContain('\uE000')
  })

  test('a kept page is taken over in the browser as the reader’s own, under its CSP', async ({
    page,
    context,
  }) => {
    const [ann, bushra] = await Promise.all([newReader(first), newReader(second)])
    const path = `/app/books?from=${randomUUID()}`
    for (let ask = 0; ask < 3; ask++) await pageFor(path, ann.cookie)
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
        problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const [name, value] = bushra.cookie.split(/=(.*)/s)
    await context.addCookies([{ name: name!, value: value!, url: harness.baseUrl }])
    const response = await page.goto(path)
    expect(response?.headers()[CACHE]).toBe('hit')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await page.getByRole('button', { name: 'Your menu' }).click()
    await expect(page.getByText(bushra.email)).toBeVisible()
    await expect(page.getByText(bushra.name)).toBeVisible()
    expect(problems).toEqual([])
  })

  test('never serves a page to a reader it looks different for', async () => {
    const ann = await newReader(first)
    const path = `/app/books?from=${randomUUID()}`
    for (let ask = 0; ask < 2; ask++) await pageFor(path, ann.cookie)
    expect((await pageFor(path, ann.cookie)).headers.get(CACHE)).toBe('hit')
    const admin = await pageFor(path, seededCookie('admin'))
    expect(admin.headers.get(CACHE)).toBe('miss')
    const french = await pageFor(path, `${ann.cookie}; i18next=fr`)
    expect(french.headers.get(CACHE)).toBe('miss')
    expect(await french.text()).toContain('lang="fr"')
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })

    test('a change to the books shows on the next page, kept or not', async ({ request }) => {
      const term = `kept${randomUUID().slice(0, 8)}`
      const path = `/manager/books?searchTerm=${term}`
      for (let ask = 0; ask < 2; ask++) await request.get(path)
      const before = await request.get(path)
      expect(before.headers()[CACHE]).toBe('hit')
      expect(await before.text()).not.toContain(`Title ${term}`)
      const genre = await callServerFn(request, 'genre--postGenre', 'POST', { name: `Genre ${term}` })
      const { id: genreId } = await resultOf<{ id: string }>(genre)
      const created = await callServerFn(request, 'book--postBook', 'POST', {
        title: `Title ${term}`,
        author: 'Kept Author',
        genreId,
      })
      const { id } = await resultOf<{ id: string }>(created)
      try {
        expect(await (await request.get(path)).text()).toContain(`Title ${term}`)
      } finally {
        await callServerFn(request, 'book--removeBook', 'POST', { id })
      }
    })
  })
})
