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
    const base = { nonce: 'n', dev: false, signedIn: false }
    expect(securityHeaders({ ...base, html: true, https: true })['Strict-Transport-Security']).toMatch(
      /max-age=/,
    )
    expect(
      securityHeaders({ ...base, html: true, https: false })['Strict-Transport-Security'],
    ).toBeUndefined()
    expect(securityHeaders({ ...base, html: false, https: false })['Content-Security-Policy']).toBeUndefined()
    expect(securityHeaders({ ...base, html: false, https: false })['X-Content-Type-Options']).toBe('nosniff')
  })

  it('marks a page rendered for a signed-in person private, never stored, and no other answer', () => {
    const base = { nonce: 'n', dev: false, https: false }
    expect(securityHeaders({ ...base, html: true, signedIn: true })['Cache-Control']).toBe(
      'private, no-store',
    )
    expect(securityHeaders({ ...base, html: true, signedIn: false })['Cache-Control']).toBeUndefined()
    expect(securityHeaders({ ...base, html: false, signedIn: true })['Cache-Control']).toBeUndefined()
  })
})
