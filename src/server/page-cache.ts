/**
 * Anonymous pages rendered once and served again. `/login` is the page most visitors see first,
 * and without a session it is the same for every visitor who asks for the same address in the
 * same language with the same cookies: rendering it anew (router, guards, root data, React,
 * dehydration) costs about three times what serving a kept copy does. A kept copy is served for
 * at most `TTL_MS`, with this response's CSP nonce in place of the one it was rendered with.
 *
 * What may be kept: a GET of a path in `CACHED_PATHS`, without a session cookie (a signed-in
 * visitor is sent on, and a session token never becomes a key), answered 200 with an HTML page
 * that sets no cookie. The key is everything such a page is rendered from: the address (path and
 * query), the language the visitor gets and the Cookie header as sent. A page is kept the second
 * time its key is asked for within `TTL_MS`: an address asked for once (a unique `redirect`) is
 * rendered and not kept, so addresses made up to fill the cache cost memory no copies.
 */
import '@tanstack/react-start/server-only'

import { hasCookie } from './cookies'
import { detectLanguage } from './i18n'

/** The pages kept: anonymous by nature, and the first a visitor meets. */
const CACHED_PATHS: ReadonlySet<string> = new Set(['/login'])

/**
 * How long a copy is served. Short enough that the page's own data (the session it read, null,
 * stamped with the time it was read) is never older than the minute the browser trusts it for.
 */
const TTL_MS = 30_000

/** At most this many copies (a few per language, and the query strings sign-in pages carry). */
const MAX_ENTRIES = 64

/** Which answers say whether they came from the cache (`hit`) or were rendered and kept (`miss`). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

type Entry = {
  /**
   * The page's bytes, split at the nonce it was rendered with and joined again with each
   * response's own: 0.09 ms for /login, where joining the text (a string of two-byte characters)
   * took 0.7 ms, and the bytes need no encoding on the way out.
   */
  parts: Uint8Array[]
  headers: Array<[string, string]>
  expires: number
}

/**
 * React's mark of a part that was still loading when the page began to stream (its code not yet
 * loaded, as in the first renders after a start): such a page shows that part late, after the
 * rest has painted. Its copy would hand every visitor that late part, so it is not kept.
 */
const PENDING_PART = Buffer.from('<!--$?-->')

const entries = new Map<string, Entry>()
/** Keys asked for once, with when that stops counting; at most `MAX_ENTRIES` × 4. */
const seenOnce = new Map<string, number>()

/**
 * The key a request's page is kept under, or undefined when it must be rendered. The session
 * cookie's name is asked for only when the page is one that may be kept.
 */
export async function pageCacheKey(request: Request, sessionCookie: () => Promise<string>) {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  if (!CACHED_PATHS.has(url.pathname)) return undefined
  const cookie = request.headers.get('cookie') ?? ''
  if (hasCookie(cookie, await sessionCookie())) return undefined
  return `${detectLanguage(request)}\n${url.pathname}${url.search}\n${cookie}`
}

/** The kept page for `key`, carrying `nonce`, or undefined. */
export function cachedPage(key: string, nonce: string, now = Date.now()): Response | undefined {
  const entry = entries.get(key)
  if (!entry) return undefined
  if (entry.expires <= now) {
    entries.delete(key)
    return undefined
  }
  const separator = Buffer.from(nonce)
  const body = Buffer.concat(entry.parts.flatMap((part, index) => (index ? [separator, part] : [part])))
  return withCacheHeader(new Response(body, { status: 200, headers: new Headers(entry.headers) }), 'hit')
}

/** The page's bytes cut at each place `separator` stands (the nonce is ASCII, like the tags around it). */
function splitAt(bytes: Buffer, separator: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = []
  let start = 0
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at))
    start = at + separator.length
  }
  parts.push(bytes.subarray(start))
  return parts
}

/**
 * Answers a rendered page, and keeps a copy of it if it may be kept and was asked for before. The
 * page comes whole (server/whole-page.ts), so its bytes are read once, for both; a page cut short
 * fails here and is not kept.
 */
export async function keepPage(
  key: string,
  nonce: string,
  response: Response,
  now = Date.now(),
): Promise<Response> {
  const keepable =
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  if (!keepable || !response.body) return response
  if (firstAsk(key, now)) return withCacheHeader(response, 'miss')
  const page = Buffer.from(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  if (!page.includes(PENDING_PART)) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
    entries.set(key, {
      parts: splitAt(page, Buffer.from(nonce)),
      headers: [...headers],
      expires: now + TTL_MS,
    })
  }
  return withCacheHeader(new Response(page, { status: 200, headers }), 'miss')
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

function withCacheHeader(response: Response, value: 'hit' | 'miss'): Response {
  response.headers.set(PAGE_CACHE_HEADER, value)
  return response
}
