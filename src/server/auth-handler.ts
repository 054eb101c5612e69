import '@tanstack/react-start/server-only'

import { appConfig } from '@/app.config'
import { isOfferedAuthPath } from '~/features/auth/auth-routes'

import { type Auth, CAPTCHA_PATHS, SESSION_PATH } from './auth'
import { bodyWithin, tooLarge } from './request-body'

/** Far more than any body better-auth's routes take (an e-mail, a code, a name). */
const MAX_AUTH_BODY_BYTES = 64 * 1024

/**
 * better-auth's HTTP handler, with five changes. It serves only the routes the registry
 * (`authRoutes`) lists and does not mark 'off': a flow Folio does not offer (passwords, links
 * e-mailed to verify or delete, better-auth's OpenAPI pages) answers 404 as if absent. A body
 * over 64 KB answers 413 unread (better-auth reads any size). Every 429 says how long to wait
 * in the standard `Retry-After` header and, for the pages, as `retryAfter` in its body. And the
 * captcha plugin answers a generic 500 when Cloudflare cannot be reached (it logs the cause);
 * the client needs to know it was that. And reading one's session skips the router (`readSession`).
 */
export async function handleAuthRequest(instance: Auth, request: Request, options: { captcha: boolean }) {
  const path = new URL(request.url).pathname.slice(appConfig.authBasePath.length)
  if (!isOfferedAuthPath(path))
    return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })
  if (request.method !== 'GET' && (await bodyWithin(request, MAX_AUTH_BODY_BYTES)) === 'too large')
    return tooLarge()
  if (path === SESSION_PATH && request.method === 'GET') return readSession(instance, request)
  const response = await instance.handler(request)
  if (response.status === 429) return withRetryAfter(response)
  if (!options.captcha || response.status !== 500) return response
  if (!CAPTCHA_PATHS.includes(path)) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null
  if (body?.code !== 'UNKNOWN_ERROR') return response
  return Response.json(
    { code: 'SERVICE_UNAVAILABLE', message: 'CAPTCHA service unavailable' },
    { status: 503, headers: { 'Retry-After': '30' } },
  )
}

/**
 * `GET /get-session` answered by its endpoint, as better-auth's router would, without the router:
 * better-auth builds its router anew for every request, from every plugin's endpoints, and with
 * Folio's plugins that was a third of this answer's CPU time (1.3–1.4 ms a request against 0.9 for
 * better-auth's handler alone in a bare app; 0.9 this way). Nothing else the router does applies
 * to this read: no plugin here has `onRequest`, `onResponse` or router middleware for it (the
 * captcha's covers its own endpoints), the origin check looks only at callback addresses, and
 * the rate limit does not count it (auth.ts). Its hooks run as for any call, and it is marked as
 * the router marks its calls, so the TanStack Start cookie plugin leaves the cookies to this
 * response. Anything unexpected is answered by the router, as before.
 */
async function readSession(instance: Auth, request: Request) {
  const call = {
    headers: request.headers,
    request,
    query: Object.fromEntries(new URL(request.url).searchParams),
    asResponse: true as const,
    _flag: 'router',
  }
  try {
    return await instance.api.getSession(call)
  } catch {
    return instance.handler(request)
  }
}

/**
 * better-auth's own rate limit answers 429 with the wait in `X-Retry-After` and no code; Folio's
 * per-address limits already send `Retry-After`, a code and `retryAfter`. Both leave alike.
 */
async function withRetryAfter(response: Response) {
  const seconds = Number(response.headers.get('Retry-After') ?? response.headers.get('X-Retry-After'))
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string; message?: string; retryAfter?: number }
  const headers = new Headers(response.headers)
  if (Number.isFinite(seconds) && seconds > 0) headers.set('Retry-After', String(seconds))
  headers.delete('Content-Length')
  return Response.json(
    {
      ...body,
      code: body.code ?? 'TOO_MANY_REQUESTS',
      ...(Number.isFinite(seconds) && seconds > 0 && { retryAfter: body.retryAfter ?? seconds }),
    },
    { status: 429, headers },
  )
}
