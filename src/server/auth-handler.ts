import '@tanstack/react-start/server-only'

import { type Auth, CAPTCHA_PATHS } from './auth'

/**
 * better-auth's HTTP handler, plus one translation: the captcha plugin answers a generic 500
 * when Cloudflare cannot be reached (it logs the cause); the client needs to know it was that.
 */
export async function handleAuthRequest(instance: Auth, request: Request, options: { captcha: boolean }) {
  const response = await instance.handler(request)
  if (!options.captcha || response.status !== 500) return response
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '')
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
