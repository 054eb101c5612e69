import { describe, expect, it } from 'vitest'

import { contentSecurityPolicy, createNonce, securityHeaders } from './security-headers'

describe('security headers', () => {
  it('makes a fresh, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{24}$/)
  })

  it('allows scripts only with the nonce, no eval and no framing', () => {
    const csp = contentSecurityPolicy('abc', { dev: false })
    expect(csp).toContain("script-src 'self' 'nonce-abc'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
  })

  it('sends HSTS only when the site is served over https, and the CSP only on HTML', () => {
    const base = { nonce: 'n', dev: false }
    expect(securityHeaders({ ...base, html: true, https: true })['Strict-Transport-Security']).toMatch(
      /max-age=/,
    )
    expect(
      securityHeaders({ ...base, html: true, https: false })['Strict-Transport-Security'],
    ).toBeUndefined()
    expect(securityHeaders({ ...base, html: false, https: false })['Content-Security-Policy']).toBeUndefined()
    expect(securityHeaders({ ...base, html: false, https: false })['X-Content-Type-Options']).toBe('nosniff')
  })
})
