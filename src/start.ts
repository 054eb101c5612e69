import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'

import { appConfig } from '@/app.config'
import { clientIp } from '~/server/client-ip'
import { compressResponse } from '~/server/compression'
import { isDatabaseUnavailable } from '~/server/db/errors'
import { serverEnv } from '~/server/env'
import { describeError, logger } from '~/server/logger'
import { currentRequest, withRequestContext } from '~/server/request-context'
import { DEMO_MODE_CODE } from '~/lib/demo-mode'
import { errorStatusMiddleware } from '~/lib/error-status-middleware'
import { HttpError, httpErrorAdapter } from '~/lib/http-error'
import { cachedPage, keepPage, pageCacheKey } from '~/server/page-cache'
import { createNonce, securityHeaders } from '~/server/security-headers'
import { carriesSignIn, signInCookieNames } from '~/server/session'
import { recordRenderWait, recordRequest } from '~/server/metrics'
import { routePattern } from '~/server/route-pattern'
import { traced, tracedRequest } from '~/server/tracing'
import { payloadRefusal, serverFunctionOf, unknownServerFunction } from '~/server/server-fn-payload'
import { renderQueue, rendersPage } from '~/server/render-queue'
import { wholePage } from '~/server/whole-page'

/** The answer to a request whose client went away (no one receives it; nginx's code for it). */
const CLIENT_CLOSED = 499

function markClientClosed(reason: unknown) {
  if (typeof reason === 'object' && reason !== null && !('status' in reason))
    Object.assign(reason, { status: CLIENT_CLOSED })
}

/** Accepted from a trusted proxy in front; otherwise each request gets a fresh id. */
const requestIdPattern = /^[\w.-]{8,64}$/

/**
 * Gives each request an id (echoed in `X-Request-Id`), under which everything logged while
 * serving it is written, and logs one line when it is answered: method, path (never the query,
 * which may carry an address), status, duration and, once its session was read, the user id. A
 * request the client gave up on (the connection closed before the answer) is logged as aborted,
 * without a status: what failed for want of it (reading its body, a stream) is no server error.
 * The probes' lines are debug. The same answer is counted in the metrics and, with tracing on,
 * traced: its trace id is then the request's id.
 */
const requestLogMiddleware = createMiddleware({ type: 'request' }).server(
  ({ request, handlerType, next }) => {
    // Only a proxy in front, trusted as for the client's address, may name the request.
    const offered = serverEnv().TRUSTED_IP_HEADER ? (request.headers.get('x-request-id') ?? '') : ''
    // Start logs an error that carries no HTTP status with its stack, as a 500: the reason a request
    // was aborted for is the client's doing, so it carries the status of a request the client closed.
    request.signal.addEventListener('abort', () => markClientClosed(request.signal.reason), { once: true })
    const client = {
      ipAddress: clientIp(request, serverEnv(), getRequestIP()),
      userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? undefined,
    }
    const path = new URL(request.url).pathname
    const route = routePattern(path, handlerType)
    const serverFunction = handlerType === 'serverFn' ? (serverFunctionOf(request) ?? 'unknown') : undefined
    const attributes = { 'http.request.method': request.method, 'http.route': route, 'url.path': path }
    return tracedRequest(request, `${request.method} ${route}`, attributes, (traceId, answered) => {
      const requestId = traceId ?? (requestIdPattern.test(offered) ? offered : crypto.randomUUID())
      return withRequestContext(
        requestId,
        async () => {
          const started = performance.now()
          let status = 500
          try {
            const result = await (serverFunction
              ? traced(
                  `server function ${serverFunction}`,
                  { 'folio.server_function': serverFunction },
                  async () => next(),
                )
              : next())
            status = result.response.status
            result.response.headers.set('X-Request-Id', requestId)
            return result
          } catch (error) {
            // No one is left to answer: an empty answer, instead of the error reaching the server's own log with its stack.
            if (request.signal.aborted) return new Response(null, { status: CLIENT_CLOSED })
            throw error
          } finally {
            const seconds = (performance.now() - started) / 1000
            const line = { method: request.method, path, ms: Math.round(seconds * 1000) }
            if (request.signal.aborted) logger.info('request aborted by the client', line)
            // A platform asks the probes every few seconds: their lines would drown the others.
            else if (path.startsWith('/api/health/')) logger.debug('request', { ...line, status })
            else logger.info('request', { ...line, status })
            const answer = request.signal.aborted ? CLIENT_CLOSED : status
            answered(answer)
            recordRequest({ method: request.method, route, status: answer, seconds, serverFunction })
          }
        },
        client,
      )
    })
  },
)

/**
 * Pages, server functions' answers and locale files travel compressed (brotli or gzip). Not
 * better-auth's answers: some carry the session token (get-session, sign-in), which compression
 * would expose to a BREACH-style guess; they are small anyway.
 */
const compressionMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const result = await next()
  if (new URL(request.url).pathname.startsWith(appConfig.authBasePath)) return result
  return { ...result, response: compressResponse(request, result.response) }
})

/**
 * Gives every response the security headers, every HTML page a CSP with a fresh nonce, and a page
 * rendered for a signed-in person `Cache-Control: private, no-store`.
 */
const securityMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const nonce = createNonce()
  const result = await next({ context: { nonce } })
  const env = serverEnv()
  const html = result.response.headers.get('content-type')?.includes('text/html') ?? false
  const headers = securityHeaders({
    nonce,
    html,
    https: env.BASE_URL.startsWith('https:'),
    dev: env.NODE_ENV === 'development',
    signedIn: html && (Boolean(currentRequest()?.userId) || (await carriesSignIn(request.headers))),
  })
  for (const [name, value] of Object.entries(headers)) result.response.headers.set(name, value)
  return result
})

/**
 * Anonymous pages kept and served again, each with this response's nonce (server/page-cache.ts).
 * Not in development, where the code and texts behind a page change as they are edited.
 */
const pageCacheMiddleware = createMiddleware({ type: 'request' })
  .middleware([securityMiddleware])
  .server(async ({ request, context, next }) => {
    if (serverEnv().NODE_ENV !== 'production') return next()
    const key = await pageCacheKey(request, signInCookieNames)
    if (key === undefined) return next()
    const kept = cachedPage(key, context.nonce)
    if (kept) return kept
    const started = Date.now()
    const result = await next()
    return { ...result, response: await keepPage(key, context.nonce, result.response, started) }
  })

/** Pages leave whole, not streamed (server/whole-page.ts). */
const wholePageMiddleware = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  const result = await next()
  return { ...result, response: await wholePage(result.response) }
})

/**
 * Pages rendered a few at a time, first come, first served (server/render-queue.ts). Inside
 * `wholePageMiddleware`, so a page's slot is held until React has written all of it.
 */
const renderQueueMiddleware = createMiddleware({ type: 'request' }).server(
  ({ request, handlerType, next }) => {
    if (!rendersPage(request, handlerType)) return next()
    const queued = performance.now()
    return renderQueue().admit(request.signal, () => {
      recordRenderWait((performance.now() - queued) / 1000)
      return next()
    })
  },
)

// Writing this file switches off Start's automatic CSRF check, so it is registered here, for
// server functions and every `/api/` route (better-auth's, uploads) alike: a request that changes
// something must say it comes from this site (Sec-Fetch-Site same-origin, or else this site's
// Origin or Referer); one that says nothing is refused too. GET only reads (a rule of this code base).
const csrfMiddleware = createCsrfMiddleware({
  filter: (ctx) =>
    ctx.request.method !== 'GET' &&
    (ctx.handlerType === 'serverFn' || new URL(ctx.request.url).pathname.startsWith('/api/')),
})

/**
 * A server function that does not exist answers 404; a payload that is not JSON, not seroval or
 * too large never reaches Start. The development server names functions by their file instead
 * of by the registry's ids, so the names are checked in production only.
 */
const payloadMiddleware = createMiddleware({ type: 'request' }).server(
  async ({ request, handlerType, next }) => {
    if (handlerType !== 'serverFn') return next()
    const unknown = serverEnv().NODE_ENV === 'production' ? unknownServerFunction(request) : undefined
    return unknown ?? (await payloadRefusal(request)) ?? next()
  },
)

/**
 * A server function that fails because the database cannot be reached answers 503
 * DATABASE_UNAVAILABLE (the client may try again), never a 500 or a half answer; anything else
 * unexpected becomes a bare 500 UNKNOWN_ERROR, its message (a failed query's would spell out its
 * parameters) kept from the client. Both are logged for the operator, as `describeError` allows.
 */
const failureMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (error instanceof HttpError || isRedirect(error) || isNotFound(error)) throw error
    if (isDatabaseUnavailable(error)) {
      logger.warn('Database unavailable', { error: describeError(error) })
      throw new HttpError(503, 'DATABASE_UNAVAILABLE')
    }
    logger.error('Unexpected error', { error: describeError(error) })
    throw new HttpError(500, 'UNKNOWN_ERROR')
  }
})

/**
 * Demo mode on server functions: anything but GET (which only reads, a rule of this code base)
 * answers 403 DEMO_MODE before its permission is even checked.
 */
const demoModeMiddleware = createMiddleware({ type: 'function' }).server(({ next }) => {
  if (serverEnv().DEMO_MODE && getRequest().method !== 'GET') throw new HttpError(403, DEMO_MODE_CODE)
  return next()
})

export const startInstance = createStart(() => ({
  requestMiddleware: [
    requestLogMiddleware,
    compressionMiddleware,
    securityMiddleware,
    pageCacheMiddleware,
    wholePageMiddleware,
    renderQueueMiddleware,
    csrfMiddleware,
    payloadMiddleware,
  ],
  functionMiddleware: [errorStatusMiddleware, failureMiddleware, demoModeMiddleware],
  serializationAdapters: [httpErrorAdapter],
}))
