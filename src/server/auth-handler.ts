import '@tanstack/react-start/server-only'
import { z } from 'zod/mini'

import { appConfig } from '@/app.config'
import { type AuthBodyRoute, authRouteBodies } from '~/features/auth/auth-route-bodies'
import { authRouteOf, isOfferedAuthPath } from '~/features/auth/auth-routes'

import { type Auth, CAPTCHA_PATHS, SESSION_PATH } from './auth'
import { bodyWithin, tooLarge } from './request-body'
import { getSession } from './session'

/** Far more than any body better-auth's routes need, such as an e-mail, a code or a name. */
const MAX_AUTH_BODY_BYTES = 64 * 1024

/**
 * better-auth's HTTP handler with Folio's guards: routes marked 'off' answer 404, bodies over 64 KB
 * answer 413 unread, and bodies failing their schema answer 400 before better-auth sees them.
 * It also adds `Retry-After` to every 429, names captcha outages, and reads the session without
 * the router.
 */
export async function handleAuthRequest(instance: Auth, request: Request, options: { captcha: boolean }) {
  const path = new URL(request.url).pathname.slice(appConfig.authBasePath.length)
  if (!isOfferedAuthPath(path))
    return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })
  if (request.method !== 'GET') {
    const text = await bodyWithin(request, MAX_AUTH_BODY_BYTES)
    if (text === 'too large') return tooLarge()
    const refusal = request.method === 'POST' && (await checkBody(path, request, text))
    if (refusal) return refusal
  }
  if (path === SESSION_PATH && request.method === 'GET') return readSession(instance, request)
  // The activity log names who made a change: a signed-in person's session is read first.
  if (request.method !== 'GET') await getSession(request.headers).catch(() => null)
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

/** Parses a POST body as better-auth will: JSON, form fields, or plain text that no schema accepts. */
async function bodyOf(request: Request, text: string): Promise<unknown> {
  if (!request.body) return undefined
  const type = request.headers.get('content-type')?.toLowerCase() ?? ''
  if (/^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
  if (type.includes('multipart/form-data'))
    return request
      .clone()
      .formData()
      .then(
        (form) => Object.fromEntries(form),
        // Not a valid form, so return the text for the schema to refuse, as better-auth would fail on it.
        () => text,
      )
  return text
}

/** A 400 VALIDATION_ERROR naming the first bad field, when the body fails its schema. */
async function checkBody(path: string, request: Request, text: string) {
  const route = authRouteOf(path)
  if (!route || !Object.hasOwn(authRouteBodies, route)) return undefined
  const parsed = z.safeParse(authRouteBodies[route as AuthBodyRoute], (await bodyOf(request, text)) ?? {})
  if (parsed.success) return undefined
  const issue = parsed.error.issues[0]
  // An unknown field is named by the issue, not by its path.
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path[0]
  return Response.json(
    {
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      ...(field !== undefined && { field: String(field) }),
    },
    { status: 400 },
  )
}

/**
 * Answers `GET /get-session` from its endpoint without better-auth's router, which is rebuilt per
 * request and costs a third of the CPU time. Nothing the router adds applies to this read; the
 * router flag keeps the cookie plugin's behaviour, and on any error the router answers instead.
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
 * Gives better-auth's 429 (wait in `X-Retry-After`, no code) the same `Retry-After`, code and
 * `retryAfter` as Folio's own limits.
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
