import { describe, expect, it } from 'vitest'

import { CLIENT_IP_HEADER, withClientIp } from './client-ip'

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/auth/email-otp/send-verification-otp', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'a@example.com' }),
  })

describe('the client address better-auth sees', () => {
  it('is the socket address when no proxy header is trusted, whatever the client claims', async () => {
    const forwarded = withClientIp(
      request({ 'x-forwarded-for': '198.51.100.7', [CLIENT_IP_HEADER]: '198.51.100.8' }),
      { TRUSTED_IP_HEADER: '' },
      '203.0.113.5',
    )
    expect(forwarded.headers.get(CLIENT_IP_HEADER)).toBe('203.0.113.5')
    expect(await forwarded.json()).toEqual({ email: 'a@example.com' })
  })

  it('is the entry the trusted proxy added, the last one', () => {
    const forwarded = withClientIp(
      request({ 'x-forwarded-for': '198.51.100.7, 203.0.113.9' }),
      { TRUSTED_IP_HEADER: 'x-forwarded-for' },
      '10.0.0.2',
    )
    expect(forwarded.headers.get(CLIENT_IP_HEADER)).toBe('203.0.113.9')
  })
})
