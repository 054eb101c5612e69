import '@tanstack/react-start/server-only'

import { type Auth, CAPTCHA_PATHS } from './auth'

/**
 * better-auth's HTTP handler, with two changes. The OpenAPI plugin's endpoints are not served:
 * administrators read the schema on the API Documentation page, through a server function that
 * checks their right. And the captcha plugin answers a generic 500 when Cloudflare cannot be
 * reached (it logs the cause); the client needs to know it was that.
 */
export async function handleAuthRequest(instance: Auth, request: Request, options: { captcha: boolean }) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '')
  if (/^\/+open-api\b/i.test(path))
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
