/**
 * better-auth's HTTP API as a same-site browser calls it, with explicit cookies (no cookie jar:
 * an answer that sets a cookie, like an impersonation, changes nobody's identity but the
 * caller's choice), and sign-in with a code read from the real e-mail.
 */
import { readFileSync } from 'node:fs'

import { appConfig } from '@/app.config'
import { cookieFrom } from '~/test/cookies'
import { codeOf } from '~/test/mailbox'

import { latestMail, uniqueEmail, waitForMail } from './fixtures'
import { harness } from './harness-config'
import { storageStateOf } from './roles'

export function callAuthRoute(
  path: string,
  options: { method?: 'GET' | 'POST'; cookie?: string; body?: Record<string, unknown> } = {},
) {
  const method = options.method ?? 'POST'
  const query =
    method === 'GET' && options.body ? `?${new URLSearchParams(options.body as Record<string, string>)}` : ''
  return fetch(`${harness.baseUrl}${appConfig.authBasePath}${path}${query}`, {
    method,
    redirect: 'manual',
    headers: {
      origin: harness.baseUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  })
}

/** A fresh address signed in over HTTP: its cookie and user id. */
export async function signInOverHttp(email = uniqueEmail('api')) {
  const before = await latestMail(email)
  await callAuthRoute('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } })
  const otp = codeOf(await waitForMail(email, before))
  const response = await callAuthRoute('/sign-in/email-otp', { body: { email, otp } })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  const { user } = (await response.json()) as { user: { id: string } }
  return { email, id: user.id, cookie: cookieFrom(response) }
}

/** The seeded role's cookie saved by auth.setup.ts (never signed out by a test). */
export function seededCookie(role: 'admin' | 'user') {
  const state = JSON.parse(readFileSync(storageStateOf(role), 'utf8')) as {
    cookies: Array<{ name: string; value: string }>
  }
  return state.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
}
