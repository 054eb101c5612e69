import '@tanstack/react-start/server-only'

import type { ServerEnv } from './env'

/** Where the auth route puts the client's address for better-auth's rate limits. */
export const CLIENT_IP_HEADER = 'x-folio-client-ip'

type TrustedHeader = Pick<ServerEnv, 'TRUSTED_IP_HEADER'>

/** The client's address: the trusted proxy header's last entry, or else the socket's. */
export function clientIp(request: Request, env: TrustedHeader, socketIp: string | undefined) {
  const fromProxy = env.TRUSTED_IP_HEADER
    ? request.headers.get(env.TRUSTED_IP_HEADER)?.split(',').at(-1)?.trim()
    : undefined
  return fromProxy || socketIp
}

/**
 * Sets the client's address (`clientIp`) in our header. Any value the client sent in it is
 * replaced, so it cannot choose its rate-limit bucket.
 */
export function withClientIp(request: Request, env: TrustedHeader, socketIp: string | undefined) {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  const ip = clientIp(request, env, socketIp)
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  // A new Request, because the server's request is not always a WHATWG one. `duplex` streams the
  // body and is missing from the DOM typings.
  return new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}
