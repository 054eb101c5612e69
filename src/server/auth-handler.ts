import '@tanstack/react-start/server-only'

import { isOfferedAuthPath } from '~/features/auth/auth-routes'

import { type Auth, CAPTCHA_PATHS } from './auth'

/**
 * better-auth's HTTP handler, with two changes. It serves only the routes the registry
 * (`authRoutes`) lists and does not mark 'off': a flow Folio does not offer (passwords, links
 * e-mailed to verify or delete, better-auth's OpenAPI pages) answers 404 as if absent. And the
 * captcha plugin answers a generic 500 when Cloudflare cannot be reached (it logs the cause);
 * the client needs to know it was that.
 */
export async function handleAuthRequest(instance: Auth, request: Request, options: { captcha: boolean }) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '')
  if (!isOfferedAuthPath(path))
    return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })
  const response = await instance.handler(request)
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
