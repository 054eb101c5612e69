import '@tanstack/react-start/server-only'

/** A fresh, unguessable nonce for one response's scripts. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64')
}

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'strict-dynamic' lets the nonced entry load the route chunks it imports.
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", 'https://challenges.cloudflare.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.dev ? ['ws:', 'wss:'] : [])],
    'frame-src': ['https://challenges.cloudflare.com'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/**
 * `signedIn` means the page may show its reader's data, because the request had a sign-in cookie
 * or a session. No cache, shared or the browser's, may keep such a page.
 */
export function securityHeaders(options: {
  nonce: string
  html: boolean
  https: boolean
  dev: boolean
  signedIn: boolean
}) {
  const headers: Record<string, string> = {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  }
  if (options.html) headers['Content-Security-Policy'] = contentSecurityPolicy(options.nonce, options)
  if (options.html && options.signedIn) headers['Cache-Control'] = 'private, no-store'
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains'
  return headers
}
