/**
 * What the server knows of the request it is serving, wherever it is in the code: the request's
 * id and user (which every log line carries, logger.ts), and values worked out once per request
 * (the session, which a page's guards, loaders and server functions all ask for).
 */
import '@tanstack/react-start/server-only'
import { AsyncLocalStorage } from 'node:async_hooks'

type RequestContext = {
  requestId: string
  userId?: string
  impersonatedBy?: string
  /** The page is rendered for the page cache's stand-in reader (page-template.ts). */
  standIn?: true
  once: Map<string, Promise<unknown>>
}
const requestContext = new AsyncLocalStorage<RequestContext>()

/** Runs `serve` as the request `requestId`. */
export function withRequestContext<T>(requestId: string, serve: () => T): T {
  return requestContext.run({ requestId, once: new Map() }, serve)
}

export const currentRequest = (): Readonly<Omit<RequestContext, 'once'>> | undefined =>
  requestContext.getStore()

/** From now on, the request's session is read as the page cache's stand-in for its reader. */
export function renderForStandIn() {
  const context = requestContext.getStore()
  if (context) context.standIn = true
}

/**
 * Names the signed-in user of the current request (once their session has been read) and, during
 * an impersonation, the administrator acting as them.
 */
export function setRequestUser(userId: string, impersonatedBy?: string | null) {
  const context = requestContext.getStore()
  if (!context) return
  context.userId = userId
  if (impersonatedBy) context.impersonatedBy = impersonatedBy
}

/**
 * `work()` once per request and `key` (which names everything the result depends on); later calls
 * in the same request share its promise, failure included. Outside a request, every call works.
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
