import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'

import { serverEnv } from '~/server/env'
import { errorStatusMiddleware } from '~/lib/error-status-middleware'
import { httpErrorAdapter } from '~/lib/http-error'
import { createNonce, securityHeaders } from '~/server/security-headers'

/** Gives every response the security headers and every HTML page a CSP with a fresh nonce. */
const securityMiddleware = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  const nonce = createNonce()
  const result = await next({ context: { nonce } })
  const env = serverEnv()
  const html = result.response.headers.get('content-type')?.includes('text/html') ?? false
  const headers = securityHeaders({
    nonce,
    html,
    https: env.BASE_URL.startsWith('https:'),
    dev: env.NODE_ENV === 'development',
  })
  for (const [name, value] of Object.entries(headers)) result.response.headers.set(name, value)
  return result
})

// Writing this file switches off Start's automatic CSRF check, so it is registered here. GET server
// functions only read (a rule of this code base), so only the other methods need the check.
const csrfMiddleware = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn' && ctx.request.method !== 'GET',
})

export const startInstance = createStart(() => ({
  requestMiddleware: [securityMiddleware, csrfMiddleware],
  functionMiddleware: [errorStatusMiddleware],
  serializationAdapters: [httpErrorAdapter],
}))
