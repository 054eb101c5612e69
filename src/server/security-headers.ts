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

export function securityHeaders(options: { nonce: string; html: boolean; https: boolean; dev: boolean }) {
  const headers: Record<string, string> = {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  }
  if (options.html) headers['Content-Security-Policy'] = contentSecurityPolicy(options.nonce, options)
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains'
  return headers
}
