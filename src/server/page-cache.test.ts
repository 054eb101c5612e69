import { describe, expect, it } from 'vitest'

import { appConfig } from '@/app.config'

import { cachedPage, keepPage, pageCacheKey } from './page-cache'

const SESSION = 'better-auth.session_token'
const ADMIN_SESSION = 'better-auth.admin_session'
const signInCookies = () => Promise.resolve([SESSION, ADMIN_SESSION])
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers })
const keyOf = (request: Request) => pageCacheKey(request, signInCookies)

/** Answers a page as the server does, read whole as a visitor reads it. */
async function answered(key: string, nonce: string, response: Response, now = Date.now()) {
  const answer = await keepPage(key, nonce, response, now - 50, now)
  const text = await answer.text()
  return { answer, text }
}

/** Asks for a page twice, so it is cached; the first answer is only rendered. */
async function kept(key: string, nonce: string, response: () => Response, now?: number) {
  await answered(key, nonce, response(), now)
  return answered(key, nonce, response(), now)
}
const page = (html: string, init: ResponseInit = {}) =>
  new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init })

describe('the anonymous page cache', () => {
  it('keys a signed-out GET of /login by its declared parameters and its language', async () => {
    expect(await keyOf(get('/login?redirect=/app'))).toBeDefined()
    expect(await keyOf(get('/login?redirect=/app'))).not.toBe(await keyOf(get('/login?redirect=/manager')))
    expect(await keyOf(get('/login?notice=invalid_email'))).not.toBe(await keyOf(get('/login')))
    expect(await keyOf(get('/login', { 'accept-language': 'fr' }))).not.toBe(
      await keyOf(get('/login', { 'accept-language': 'sw' })),
    )
    expect(await keyOf(get('/login?lng=ar'))).not.toBe(await keyOf(get('/login')))
    expect(await keyOf(get('/login', { cookie: `${appConfig.i18n.cookie.name}=fr` }))).toBe(
      await keyOf(get('/login?lng=fr')),
    )
  })

  it('keys the cookies the page reads, and no other', async () => {
    const plain = await keyOf(get('/login'))
    expect(await keyOf(get('/login', { cookie: 'a=1' }))).toBe(plain)
    expect(await keyOf(get('/login', { cookie: '_ga=GA1.2.3; theme=dark' }))).toBe(plain)
    expect(await keyOf(get('/login', { cookie: `${appConfig.sidebarCookie}=collapsed` }))).not.toBe(plain)
  })

  it('renders, never keys, an address with a parameter the page does not declare or gives twice', async () => {
    expect(await keyOf(get('/login?visit=1'))).toBeUndefined()
    expect(await keyOf(get('/login?redirect=/app&utm_source=mail'))).toBeUndefined()
    expect(await keyOf(get('/login?redirect=/app&redirect=/manager'))).toBeUndefined()
  })

  it('never keys a request with a session or an impersonating admin’s cookie, another method or another page', async () => {
    expect(await keyOf(get('/login', { cookie: `x=1; ${SESSION}=abc.def` }))).toBeUndefined()
    expect(await keyOf(get('/login', { cookie: `${ADMIN_SESSION}=abc.def` }))).toBeUndefined()
    expect(await keyOf(new Request('http://localhost/login', { method: 'POST' }))).toBeUndefined()
    expect(await keyOf(get('/login/verify?email=a%40b.c'))).toBeUndefined()
    expect(await keyOf(get('/app'))).toBeUndefined()
  })

  it('serves a kept page with each response’s own nonce in every place the first one stood, saying nothing of it', async () => {
    const key = 'test nonce'
    const html = '<meta content="N0NCE"><script nonce="N0NCE">1</script><p>é – العربية</p>'
    await answered(key, 'N0NCE', page(html))
    expect(cachedPage(key, 'FRESH')).toBeUndefined()
    const first = await answered(key, 'N0NCE', page(html))
    expect(first.text).toBe(html)
    const again = cachedPage(key, 'FRESH')
    expect(again?.status).toBe(200)
    expect(again?.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await again?.text()).toBe(html.replaceAll('N0NCE', 'FRESH'))
    // The same headers whether cached or rendered, so nothing shows another visitor came before.
    expect([...(again?.headers.keys() ?? [])]).toEqual([...first.answer.headers.keys()])
  })

  it('writes the times a kept page’s data was read as if it were rendered as it is served', async () => {
    const rendered = 1_795_774_163_000
    const html = (at: number) =>
      `<script nonce="N">$R={u:${at - 40},s:"success"};$R={dehydratedAt:${at},state:{dataUpdatedAt:${at - 45},errorUpdatedAt:0}}</script>` +
      // Numbers in text, in strings, or outside the render's time window are left as they are.
      `<p>{u:${at - 20}}</p><script>$R={r:"/a\\"{u:${at - 30}}",u:${at - 60000}}</script>`
    await kept('times', 'N', () => page(html(rendered)), rendered)
    const served = rendered + 12_345
    expect(await cachedPage('times', 'N', served)?.text()).toBe(
      html(served)
        .replace(`{u:${served - 20}}`, `{u:${rendered - 20}}`)
        .replace(`{u:${served - 30}}`, `{u:${rendered - 30}}`)
        .replace(`u:${served - 60000}`, `u:${rendered - 60000}`),
    )
  })

  it('keeps only a 200 HTML page that sets no cookie', async () => {
    await kept('redirect', 'N', () => new Response(null, { status: 302, headers: { location: '/app' } }))
    await kept('cookie', 'N', () =>
      page('<p>N</p>', { headers: { 'set-cookie': 'a=1', 'content-type': 'text/html' } }),
    )
    await kept('json', 'N', () => new Response('{}', { headers: { 'content-type': 'application/json' } }))
    await kept('error', 'N', () => page('<p>N</p>', { status: 500 }))
    for (const key of ['redirect', 'cookie', 'json', 'error']) expect(cachedPage(key, 'X')).toBeUndefined()
  })

  it('does not keep a page cut short', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<p>N'))
        controller.error(new Error('the visitor left'))
      },
    })
    await answered('cut', 'N', page('<p>N</p>'))
    await answered('cut', 'N', new Response(body, { headers: { 'content-type': 'text/html' } })).catch(
      () => undefined,
    )
    expect(cachedPage('cut', 'X')).toBeUndefined()
  })

  it('does not keep a page that streamed a part late (its code was still loading)', async () => {
    const late =
      '<main><!--$?--><template id="B:0"></template><!--/$--></main><div hidden id="S:0">form</div>'
    await kept('late', 'N', () => page(late))
    expect(cachedPage('late', 'X')).toBeUndefined()
    await kept('whole', 'N', () => page('<main><!--$-->form<!--/$--></main>'))
    expect(cachedPage('whole', 'X')).toBeDefined()
  })

  it('serves a copy for thirty seconds, then renders again', async () => {
    const now = Date.now()
    await kept('expiring', 'N', () => page('<p>N</p>'), now)
    expect(cachedPage('expiring', 'X', now + 29_999)).toBeDefined()
    expect(cachedPage('expiring', 'X', now + 30_000)).toBeUndefined()
  })

  it('keeps at most 64 pages, letting the oldest go', async () => {
    for (let index = 0; index <= 64; index++) await kept(`bounded ${index}`, 'N', () => page('<p>N</p>'))
    expect(cachedPage('bounded 0', 'X')).toBeUndefined()
    expect(cachedPage('bounded 64', 'X')).toBeDefined()
  })
})
