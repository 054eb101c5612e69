import '@tanstack/react-start/server-only'

import type { ServerEnv } from './env'

/** Where the auth route puts the client's address for better-auth's rate limits. */
export const CLIENT_IP_HEADER = 'x-folio-client-ip'

/**
 * The client's address: from the configured trusted proxy header (its last entry, the one the
 * proxy added) when there is one, else the socket's. Whatever the client sent in our own
 * header is replaced, so it cannot choose its rate-limit bucket.
 */
export function withClientIp(
  request: Request,
  env: Pick<ServerEnv, 'TRUSTED_IP_HEADER'>,
  socketIp: string | undefined,
) {
  const fromProxy = env.TRUSTED_IP_HEADER
    ? request.headers.get(env.TRUSTED_IP_HEADER)?.split(',').at(-1)?.trim()
    : undefined
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  const ip = fromProxy || socketIp
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  // Built anew (the server's request object is not always a WHATWG Request); `duplex` lets Node
  // stream the body through, and the DOM typings do not know it yet.
  return new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}
