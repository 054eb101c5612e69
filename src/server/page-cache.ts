/**
 * Caches signed-out pages such as `/login`, which are the same for every visitor with the same
 * language and search, because serving a copy is about eight times faster than rendering.
 *
 * Only a signed-out GET with known search parameters, answered 200 with no cookie set, is cached,
 * and only the second time its key is asked for, so made-up keys cannot fill the cache. Each copy
 * gets the response's own CSP nonce and fresh data times, so nothing shows it was cached.
 */
import '@tanstack/react-start/server-only'

import { appConfig } from '@/app.config'
import { zLoginSearch } from '~/features/auth/schema'

import { cookieValue, hasCookie } from './cookies'
import { detectLanguage } from './i18n'

/** The cached pages, each with the search parameters its route declares. */
const KEPT_PAGES: ReadonlyMap<string, ReadonlyArray<string>> = new Map([
  ['/login', Object.keys(zLoginSearch.shape)],
])

/** The search parameter every page reads its language from. */
const LANGUAGE_PARAMETER = 'lng'

/** The cookies every page's root data reads, besides the language's. */
const PAGE_COOKIES: ReadonlyArray<string> = [appConfig.sidebarCookie]

/** How long a copy is served; short enough that its session data is never older than a minute. */
const TTL_MS = 30_000

/** The most copies kept: a few per language and sign-in query string. */
const MAX_ENTRIES = 64

/** A place filled per response: the nonce, or a data time stored as an offset from the render's end. */
type Hole = { nonce: true } | { before: number }

type Entry = {
  /** The page's bytes cut at each hole; joining bytes is far faster than joining text. */
  parts: Uint8Array[]
  holes: Hole[]
  headers: Array<[string, string]>
  expires: number
}

/**
 * Matches the data times the router and TanStack Query write into the dehydrated state, or a
 * quoted string, which is skipped so that numbers inside text are left alone.
 */
const READ_TIME_OR_STRING = /"(?:[^"\\]|\\.)*"|(?<=[{,](?:u|dataUpdatedAt|dehydratedAt):)\d{13}(?=[,}])/g

/**
 * React's mark of a part still loading when streaming began, as in the first renders after a start.
 * Such a page is not cached, or every visitor would get that late part.
 */
const PENDING_PART = Buffer.from('<!--$?-->')

const entries = new Map<string, Entry>()
/** Keys asked for once, with when that expires; at most `MAX_ENTRIES` × 4. */
const seenOnce = new Map<string, number>()

/**
 * The cache key for a request, or undefined when it must be rendered. The sign-in cookie names are
 * looked up only for pages that may be cached.
 */
export async function pageCacheKey(
  request: Request,
  signInCookies: () => Promise<ReadonlyArray<string>>,
): Promise<string | undefined> {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  const declared = KEPT_PAGES.get(url.pathname)
  if (!declared) return undefined
  const given = [...url.searchParams.keys()]
  const known = (name: string) => name === LANGUAGE_PARAMETER || declared.includes(name)
  if (!given.every(known) || new Set(given).size !== given.length) return undefined
  const cookie = request.headers.get('cookie')
  if ((await signInCookies()).some((name) => hasCookie(cookie, name))) return undefined
  return JSON.stringify([
    url.pathname,
    detectLanguage(request),
    declared.map((name) => url.searchParams.get(name)),
    PAGE_COOKIES.map((name) => cookieValue(cookie, name) ?? null),
  ])
}

/** The cached page for `key` with `nonce` filled in, or undefined. */
export function cachedPage(key: string, nonce: string, now = Date.now()): Response | undefined {
  const entry = entries.get(key)
  if (!entry) return undefined
  if (entry.expires <= now) {
    entries.delete(key)
    return undefined
  }
  const nonceBytes = Buffer.from(nonce)
  const valueOf = (hole: Hole) => ('nonce' in hole ? nonceBytes : Buffer.from(String(now - hole.before)))
  const body = Buffer.concat(
    entry.parts.flatMap((part, index) => (index ? [valueOf(entry.holes[index - 1]!), part] : [part])),
  )
  return new Response(body, { status: 200, headers: new Headers(entry.headers) })
}

/**
 * Cuts the page at each `nonce` and each data time between `started` and `now`. Both are ASCII,
 * like the markup around them, so text offsets equal byte offsets.
 */
function holesOf(page: Buffer, nonce: string, started: number, now: number) {
  const html = page.toString('latin1')
  const found: Array<{ at: number; length: number; hole: Hole }> = []
  for (let at = html.indexOf(nonce); at !== -1; at = html.indexOf(nonce, at + nonce.length))
    found.push({ at, length: nonce.length, hole: { nonce: true } })
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    const from = tag.index + tag[0].length
    const to = html.indexOf('</script>', from)
    for (const time of html.slice(from, to === -1 ? undefined : to).matchAll(READ_TIME_OR_STRING)) {
      const read = Number(time[0])
      if (read >= started && read <= now)
        found.push({ at: from + time.index, length: time[0].length, hole: { before: now - read } })
    }
  }
  found.sort((a, b) => a.at - b.at)
  const parts: Uint8Array[] = []
  let start = 0
  for (const { at, length } of found) {
    parts.push(page.subarray(start, at))
    start = at + length
  }
  parts.push(page.subarray(start))
  return { parts, holes: found.map(({ hole }) => hole) }
}

/**
 * Answers a rendered page and caches a copy if allowed and asked for before. The page arrives whole,
 * so its bytes are read once; a page cut short fails here and is not cached.
 */
export async function keepPage(
  key: string,
  nonce: string,
  response: Response,
  started: number,
  now = Date.now(),
): Promise<Response> {
  const keepable =
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  if (!keepable || !response.body || firstAsk(key, now)) return response
  const page = Buffer.from(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  if (!page.includes(PENDING_PART)) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
    entries.set(key, { ...holesOf(page, nonce, started, now), headers: [...headers], expires: now + TTL_MS })
  }
  return new Response(page, { status: 200, headers })
}

/** Whether `key` is asked for the first time lately; records it if so. */
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
