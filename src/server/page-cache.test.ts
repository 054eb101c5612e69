import { describe, expect, it, vi } from 'vitest'

import {
  cachedPage as cachedFor,
  PAGE_CACHE_HEADER,
  type PageKey,
  pageCacheKey,
  servedPage,
} from './page-cache'
import { type Reader, standInFor } from './page-template'

vi.mock('~/features/book/book.server', () => ({
  currentBookVersion: () =>
    bookVersion === undefined ? Promise.reject(new Error('database down')) : Promise.resolve(bookVersion),
}))
let bookVersion: number | undefined = 1

const SESSION = 'better-auth.session_token'
type Auth = Parameters<typeof pageCacheKey>[1]
const anonymous: Auth = {
  sessionCookie: () => Promise.resolve(SESSION),
  session: () => Promise.resolve(null),
}
const signedIn = (reader: Reader | null): Auth => ({ ...anonymous, session: () => Promise.resolve(reader) })
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers })
const keyOf = async (request: Request, auth = anonymous) => (await pageCacheKey(request, auth))?.key
const cachedPage = (key: string, nonce: string, now?: number) => cachedFor({ key, address: '/' }, nonce, now)

/** Answers a page as the server does, read whole as a visitor reads it. */
async function answered(key: string | PageKey, nonce: string, response: Response, now?: number) {
  const page = typeof key === 'string' ? { key, address: '/' } : key
  const answer = await servedPage(page, nonce, () => Promise.resolve(response), now)
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
    expect(await keyOf(get('/login?redirect=/app'))).toBeDefined()
    expect(await keyOf(get('/login', { 'accept-language': 'fr' }))).not.toBe(
      await keyOf(get('/login', { 'accept-language': 'sw' })),
    )
    expect(await keyOf(get('/login?a=1'))).not.toBe(await keyOf(get('/login?a=2')))
    expect(await keyOf(get('/login', { cookie: 'a=1' }))).not.toBe(
      await keyOf(get('/login', { cookie: 'a=2' })),
    )
  })

  it('never keys a request with a session cookie, another method or another page', async () => {
    expect(await keyOf(get('/login', { cookie: `x=1; ${SESSION}=abc.def` }))).toBeUndefined()
    expect(await keyOf(new Request('http://localhost/login', { method: 'POST' }))).toBeUndefined()
    expect(await keyOf(get('/login/verify?email=a%40b.c'))).toBeUndefined()
    expect(await keyOf(get('/app'))).toBeUndefined()
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

  it('keeps at most 128 pages, letting the oldest go', async () => {
    for (let index = 0; index <= 128; index++) await kept(`bounded ${index}`, 'N', () => page('<p>N</p>'))
    expect(cachedPage('bounded 0', 'X')).toBeUndefined()
    expect(cachedPage('bounded 128', 'X')).toBeDefined()
  })
})

const reader = (name: string, role = 'user'): Reader => ({
  user: { id: `id ${name}`, name, email: `${name}@example.com`, role, onboardedAt: new Date(0) },
  session: { id: `session ${name}`, expiresAt: new Date(1), impersonatedBy: null },
})
const withSession = (token: string, more = '') => ({ cookie: `${SESSION}=${token}${more}` })

describe('the signed-in page cache', () => {
  it('keys a list page by all the reader is but their own texts, and by the version of the books', async () => {
    const ann = await keyOf(get('/app/books', withSession('a')), signedIn(reader('ann')))
    expect(ann).toBeDefined()
    expect(await keyOf(get('/app/books', withSession('b')), signedIn(reader('bob')))).toBe(ann)
    const others = [
      await keyOf(get('/app/books', withSession('b')), signedIn(reader('bob', 'admin'))),
      await keyOf(get('/app/books', withSession('b', '; i18next=fr')), signedIn(reader('bob'))),
      await keyOf(get('/app/books?q=1', withSession('b')), signedIn(reader('bob'))),
    ]
    bookVersion = (bookVersion ?? 0) + 1
    others.push(await keyOf(get('/app/books', withSession('b')), signedIn(reader('bob'))))
    for (const other of others) expect(other).not.toBe(ann)
  })

  it('never keys a signed-in page without a session, another page, or a session it cannot read', async () => {
    expect(await keyOf(get('/app/books'), signedIn(reader('ann')))).toBeUndefined()
    expect(await keyOf(get('/app/books', withSession('a')), anonymous)).toBeUndefined()
    expect(await keyOf(get('/app/account', withSession('a')), signedIn(reader('ann')))).toBeUndefined()
    const unreadable: Auth = { ...anonymous, session: () => Promise.reject(new Error('database down')) }
    expect(await keyOf(get('/app/books', withSession('a')), unreadable)).toBeUndefined()
    const version = bookVersion
    bookVersion = undefined
    expect(await keyOf(get('/app/books', withSession('a')), signedIn(reader('ann')))).toBeUndefined()
    bookVersion = version
  })

  it('renders for the stand-in the second time, and serves every reader their own texts', async () => {
    const page = (who: Reader) =>
      new Response(`<p>${String(who.user.name)}</p>`, { headers: { 'content-type': 'text/html' } })
    const ann: PageKey = { key: 'shared', address: '/app/books', reader: reader('ann') }
    expect((await answered(ann, 'N', page(reader('ann')))).text).toBe('<p>ann</p>')
    const standIn = page(standInFor(reader('ann')))
    standIn.headers.set('content-length', String((await standIn.clone().arrayBuffer()).byteLength))
    expect((await answered(ann, 'N', standIn)).text).toBe('<p>ann</p>')
    const bob = cachedFor({ ...ann, reader: reader('bob') }, 'N')
    expect(bob?.headers.get(PAGE_CACHE_HEADER)).toBe('hit')
    expect(await bob?.text()).toBe('<p>bob</p>')
    // Of its own length: a reader's texts are not as long as the marks they replace.
    expect(bob?.headers.get('content-length')).toBe('10')
  })

  it('sends the reader back to the address when the page changed a mark, then renders it as usual', async () => {
    const ann: PageKey = { key: 'changed', address: '/app/books?q=1', reader: reader('ann') }
    const initial = (who: Reader) =>
      new Response(`<p>${String(who.user.name).charAt(0)}</p>`, { headers: { 'content-type': 'text/html' } })
    await answered(ann, 'N', initial(reader('ann')))
    const refused = await answered(ann, 'N', initial(standInFor(reader('ann'))))
    expect(refused.answer.status).toBe(307)
    expect(refused.answer.headers.get('location')).toBe('/app/books?q=1')
    expect((await answered(ann, 'N', initial(reader('ann')))).text).toBe('<p>a</p>')
    expect(cachedFor(ann, 'N')).toBeUndefined()
  })
})
