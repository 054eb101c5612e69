/**
 * Pages rendered once and served again, each with this response's values in place of the ones it
 * was rendered with. Rendering a page anew (router, guards, root data, React, dehydration) costs
 * about three times what serving a kept copy does: on the bench's 2-core machine, /app/books
 * rendered for every request answers 270 req/s, served to 1,000 readers in turn 860. A copy is
 * served for at most `TTL_MS`.
 *
 * Anonymous pages (`ANONYMOUS_PATHS`): a GET without a session cookie (a signed-in visitor is
 * sent on, and a session token never becomes a key). The key is everything such a page is
 * rendered from: the address (path and query), the language the visitor gets and the Cookie
 * header as sent.
 *
 * Signed-in pages whose data is the same for every reader (`SHARED_PAGES`): rendered once for a
 * stand-in reader whose name, e-mail, ids and dates are marks (page-template.ts), and served to
 * each reader with their own in place of the marks. The key is the address, the language, the
 * Cookie header without the session's, everything of the reader that is not a mark (their role,
 * what they have set or not: the page is shared only by readers it looks the same for) and the
 * version of the page's data, so that a change shows at once.
 *
 * What may be kept: an answer 200 with an HTML page that sets no cookie and streamed no part
 * late. A page is kept the second time its key is asked for within `TTL_MS`: an address asked for
 * once (a unique `redirect`) is rendered as usual and not kept, so addresses made up to fill the
 * cache cost memory no copies.
 */
import '@tanstack/react-start/server-only'

import { currentBookVersion } from '~/features/book/book.server'

import { hasCookie, withoutCookie } from './cookies'
import { detectLanguage } from './i18n'
import { logger } from './logger'
import { filled, type Reader, readerShape, readerValues, type Template, templateOf } from './page-template'
import { renderForStandIn } from './request-context'

/** Anonymous pages kept: anonymous by nature, and the first a visitor meets. */
const ANONYMOUS_PATHS: ReadonlySet<string> = new Set(['/login'])

/** Signed-in pages kept, with the version of the data they show. */
const SHARED_PAGES: ReadonlyMap<string, () => Promise<number>> = new Map([
  ['/app/books', currentBookVersion],
  ['/manager/books', currentBookVersion],
])

/**
 * How long a copy is served. Short enough that the page's own data (the session it read, stamped
 * with the time it was read) is never older than the minute the browser trusts it for; a signed-in
 * page's list is as new as the books' version in its key.
 */
const TTL_MS = 30_000

/** At most this many copies (a few per language, role and search, and the query strings sign-in pages carry). */
const MAX_ENTRIES = 128

/** Which answers say whether they came from the cache (`hit`) or were rendered and kept (`miss`). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

type Entry = {
  /**
   * The page's bytes, cut at its nonce and marks and joined again with each response's own: 0.09
   * ms for /login, where joining the text (a string of two-byte characters) took 0.7 ms, and the
   * bytes need no encoding on the way out.
   */
  template: Template
  headers: Array<[string, string]>
  expires: number
}

/** What a request's page is kept under, its address and, for a signed-in page, its reader. */
export type PageKey = { key: string; address: string; reader?: Reader }

/**
 * React's mark of a part that was still loading when the page began to stream (its code not yet
 * loaded, as in the first renders after a start): such a page shows that part late, after the
 * rest has painted. Its copy would hand every visitor that late part, so it is not kept.
 */
const PENDING_PART = Buffer.from('<!--$?-->')

const entries = new Map<string, Entry>()
/** Keys asked for once, with when that stops counting; at most `MAX_ENTRIES` × 4. */
const seenOnce = new Map<string, number>()
/** Keys whose page could not be kept for a stand-in (it changed a mark), with until when; at most `MAX_ENTRIES`. */
const refused = new Map<string, number>()

/**
 * The key a request's page is kept under, or undefined when it must be rendered. The session
 * cookie's name is asked for only when the page is one that may be kept, and the session only for
 * a signed-in page that may be.
 */
export async function pageCacheKey(
  request: Request,
  auth: { sessionCookie: () => Promise<string>; session: () => Promise<Reader | null> },
): Promise<PageKey | undefined> {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  const address = `${url.pathname}${url.search}`
  const version = SHARED_PAGES.get(url.pathname)
  if (!version && !ANONYMOUS_PATHS.has(url.pathname)) return undefined
  const cookie = request.headers.get('cookie') ?? ''
  const sessionCookie = await auth.sessionCookie()
  const signedIn = hasCookie(cookie, sessionCookie)
  if (!version)
    return signedIn ? undefined : { key: `${detectLanguage(request)}\n${address}\n${cookie}`, address }
  if (!signedIn) return undefined
  // A session that cannot be read (the database, a ban) is for the page to deal with.
  const reader = await auth.session().catch(() => null)
  if (!reader) return undefined
  // A version that cannot be read (the database) is for the page to deal with, as it does.
  const data = await version().catch(() => undefined)
  if (data === undefined) return undefined
  const key = [
    detectLanguage(request),
    address,
    withoutCookie(cookie, sessionCookie),
    readerShape(reader),
    data,
  ].join('\n')
  return { key, address, reader }
}

/** The kept page for `page`, carrying `nonce` and its reader's values, or undefined. */
export function cachedPage(page: PageKey, nonce: string, now = Date.now()): Response | undefined {
  const entry = entries.get(page.key)
  if (!entry) return undefined
  if (entry.expires <= now) {
    entries.delete(page.key)
    return undefined
  }
  const body = filled(entry.template, nonce, page.reader && readerValues(page.reader))
  return withCacheHeader(answer(body, 200, new Headers(entry.headers)), 'hit')
}

/**
 * The answer to a page that may be kept: the kept copy, or else `render`ed. The first time its
 * key is asked for, rendered as usual; the next, rendered to be kept (a signed-in page for the
 * stand-in) and served filled in. A page that changed a mark, so cannot be filled in, is not
 * kept: the visitor is sent to the same address, which is then rendered as usual for a while.
 */
export async function servedPage(
  page: PageKey,
  nonce: string,
  render: () => Promise<Response>,
  now = Date.now(),
): Promise<Response> {
  const kept = cachedPage(page, nonce, now)
  if (kept) return kept
  if (firstAsk(page.key, now) || (refused.get(page.key) ?? 0) > now)
    return withCacheHeader(await render(), 'miss')
  if (page.reader) renderForStandIn()
  return keepPage(page, nonce, await render(), now)
}

/**
 * Answers a page rendered to be kept, and keeps it if it may be kept. The page comes whole
 * (server/whole-page.ts), so its bytes are read once, for both; a page cut short fails here and
 * is not kept.
 */
async function keepPage(page: PageKey, nonce: string, response: Response, now: number): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || !response.body)
    return withCacheHeader(response, 'miss')
  const bytes = Buffer.from(await response.arrayBuffer())
  const template = templateOf(bytes, nonce, page.reader)
  if (typeof template === 'string') {
    logger.warn('A page rendered for the stand-in reader cannot be filled in, so it is not kept', {
      path: page.address.split('?')[0],
      why: template,
    })
    if (refused.size >= MAX_ENTRIES) refused.delete(refused.keys().next().value ?? '')
    refused.set(page.key, now + TTL_MS)
    return withCacheHeader(
      new Response(null, { status: 307, headers: { location: page.address, 'cache-control': 'no-store' } }),
      'miss',
    )
  }
  const headers = new Headers(response.headers)
  if (response.status === 200 && !headers.has('set-cookie') && !bytes.includes(PENDING_PART)) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
    entries.set(page.key, { template, headers: [...headers], expires: now + TTL_MS })
  }
  const body = page.reader ? filled(template, nonce, readerValues(page.reader)) : bytes
  return withCacheHeader(answer(body, response.status, headers), 'miss')
}

/** Whether this is the first time `key` is asked for lately; notes it if so. */
function firstAsk(key: string, now: number): boolean {
  const until = seenOnce.get(key)
  if (until !== undefined && until > now) {
    seenOnce.delete(key)
    return false
  }
  if (seenOnce.size >= MAX_ENTRIES * 4) seenOnce.delete(seenOnce.keys().next().value ?? '')
  seenOnce.set(key, now + TTL_MS)
  return true
}

/** A page's answer, of its own length: a reader's texts are not as long as their marks. */
function answer(body: Buffer<ArrayBuffer>, status: number, headers: Headers): Response {
  headers.set('content-length', String(body.byteLength))
  return new Response(body, { status, headers })
}

function withCacheHeader(response: Response, value: 'hit' | 'miss'): Response {
  response.headers.set(PAGE_CACHE_HEADER, value)
  return response
}
