import { describe, expect, it } from 'vitest'

import { cachedPage, keepPage, PAGE_CACHE_HEADER, pageCacheKey } from './page-cache'

const SESSION = 'better-auth.session_token'
const sessionCookie = () => Promise.resolve(SESSION)
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers })
/** Answers a page as the server does, read whole as a visitor reads it. */
async function answered(key: string, nonce: string, response: Response, now?: number) {
  const answer = await keepPage(key, nonce, response, now)
  const text = await answer.text()
  return { answer, text }
}

/** A page asked for twice, so kept (the first answer is only rendered). */
async function kept(key: string, nonce: string, response: () => Response, now?: number) {
  await answered(key, nonce, response(), now)
  return answered(key, nonce, response(), now)
}
const page = (html: string, init: ResponseInit = {}) =>
  new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init })

describe('the anonymous page cache', () => {
  it('keys a signed-out GET of /login by its address, language and cookies', async () => {
    expect(await pageCacheKey(get('/login?redirect=/app'), sessionCookie)).toBeDefined()
    expect(await pageCacheKey(get('/login', { 'accept-language': 'fr' }), sessionCookie)).not.toBe(
      await pageCacheKey(get('/login', { 'accept-language': 'sw' }), sessionCookie),
    )
    expect(await pageCacheKey(get('/login?a=1'), sessionCookie)).not.toBe(
      await pageCacheKey(get('/login?a=2'), sessionCookie),
    )
    expect(await pageCacheKey(get('/login', { cookie: 'a=1' }), sessionCookie)).not.toBe(
      await pageCacheKey(get('/login', { cookie: 'a=2' }), sessionCookie),
    )
  })

  it('never keys a request with a session cookie, another method or another page', async () => {
    expect(
      await pageCacheKey(get('/login', { cookie: `x=1; ${SESSION}=abc.def` }), sessionCookie),
    ).toBeUndefined()
    expect(
      await pageCacheKey(new Request('http://localhost/login', { method: 'POST' }), sessionCookie),
    ).toBeUndefined()
    expect(await pageCacheKey(get('/login/verify?email=a%40b.c'), sessionCookie)).toBeUndefined()
    expect(await pageCacheKey(get('/app'), sessionCookie)).toBeUndefined()
  })

  it('serves a kept page with each response’s own nonce in every place the first one stood', async () => {
    const key = 'test nonce'
    const html = '<meta content="N0NCE"><script nonce="N0NCE">1</script><p>é – العربية</p>'
    const once = await answered(key, 'N0NCE', page(html))
    expect(once.answer.headers.get(PAGE_CACHE_HEADER)).toBe('miss')
    expect(cachedPage(key, 'FRESH')).toBeUndefined()
    const first = await answered(key, 'N0NCE', page(html))
    expect(first.answer.headers.get(PAGE_CACHE_HEADER)).toBe('miss')
    expect(first.text).toBe(html)
    const again = cachedPage(key, 'FRESH')
    expect(again?.status).toBe(200)
    expect(again?.headers.get(PAGE_CACHE_HEADER)).toBe('hit')
    expect(again?.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await again?.text()).toBe(html.replaceAll('N0NCE', 'FRESH'))
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
    await keepPage('cut', 'N', new Response(body, { headers: { 'content-type': 'text/html' } })).catch(
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
