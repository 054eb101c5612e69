/**
 * Per-request context available anywhere in server code: the request and user ids for the log, and
 * values computed once per request, such as the session.
 */
import '@tanstack/react-start/server-only'
import { AsyncLocalStorage } from 'node:async_hooks'

type RequestContext = {
  requestId: string
  userId?: string
  impersonatedBy?: string
  /** The client's address and browser, which the activity log records with each change. */
  ipAddress?: string
  userAgent?: string
  once: Map<string, Promise<unknown>>
}
const requestContext = new AsyncLocalStorage<RequestContext>()

/** Runs `serve` as the request `requestId`, from the client's address and browser. */
export function withRequestContext<T>(
  requestId: string,
  serve: () => T,
  client: { ipAddress?: string; userAgent?: string } = {},
): T {
  return requestContext.run({ requestId, ...client, once: new Map() }, serve)
}

/** Runs `work` as no request's, such as what outlives the request that happened to start it. */
export const outsideRequest = <T>(work: () => T): T => requestContext.exit(work)

export const currentRequest = (): Readonly<Omit<RequestContext, 'once'>> | undefined =>
  requestContext.getStore()

/** Records the current request's user and, during an impersonation, the administrator acting as them. */
export function setRequestUser(userId: string, impersonatedBy?: string | null) {
  const context = requestContext.getStore()
  if (!context) return
  context.userId = userId
  if (impersonatedBy) context.impersonatedBy = impersonatedBy
}

/**
 * Runs `work()` once per request and `key`; later calls in the request share its promise, failure
 * included. `key` must name everything the result depends on. Outside a request it always runs.
 */
export function oncePerRequest<T>(key: string, work: () => Promise<T>): Promise<T> {
  const once = requestContext.getStore()?.once
  if (!once) return work()
  const known = once.get(key) as Promise<T> | undefined
  if (known) return known
  const started = work()
  once.set(key, started)
  return started
}
