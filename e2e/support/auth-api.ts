/**
 * Calls better-auth's HTTP API as a same-site browser does, with explicit cookies instead of a
 * cookie jar, and signs in with the code from the real e-mail.
 */
import { readFileSync } from 'node:fs'

import { appConfig } from '@/app.config'
import { cookieFrom } from '~/test/cookies'
import { codeOf, type Mail, type Mailbox } from '~/test/mailbox'

import { latestMail, uniqueEmail, waitForMail } from './fixtures'
import { harness } from './harness-config'
import { storageStateOf } from './roles'

/** Another server than the harness's, started by `startAppServer`. */
type OwnServer = { url: string; mailbox: Mailbox }

/** A value as a query string: each field of an object (non-strings as JSON), or the value whole. */
function queryOf(value: unknown) {
  const text = (field: unknown) => (typeof field === 'string' ? field : (JSON.stringify(field) ?? ''))
  if (value === undefined) return ''
  const pairs =
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).map(([name, field]) => [name, text(field)])
      : [['value', text(value)]]
  return new URLSearchParams(pairs).toString()
}

export function callAuthRoute(
  path: string,
  options: {
    method?: 'GET' | 'POST'
    cookie?: string
    /** Sent as JSON (POST) or as the query string (GET). */
    body?: unknown
    /** Sent as it is, instead of `body`. */
    rawBody?: string
    server?: OwnServer
    headers?: Record<string, string>
  } = {},
) {
  const method = options.method ?? 'POST'
  const baseUrl = options.server?.url ?? harness.baseUrl
  const encoded =
    method === 'GET'
      ? (options.rawBody ?? queryOf(options.body))
      : (options.rawBody ?? JSON.stringify(options.body ?? {}))
  const query = method === 'GET' && encoded ? `?${encoded}` : ''
  return fetch(`${baseUrl}${appConfig.authBasePath}${path}${query}`, {
    method,
    redirect: 'manual',
    headers: {
      origin: baseUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: method === 'POST' ? encoded : undefined,
  })
}

/** Waits for the next e-mail to `to`, in the harness's mailbox or the server's own. */
async function nextMail(to: string, server?: OwnServer): Promise<() => Promise<Mail>> {
  if (server) {
    const since = server.mailbox.messages.length
    return () => server.mailbox.waitFor(to, { since })
  }
  const before = await latestMail(to)
  return () => waitForMail(to, before)
}

/** Signs an address (a fresh one by default) in over HTTP and returns its cookie and user id. */
export async function signInOverHttp(
  email = uniqueEmail('api'),
  server?: OwnServer,
  headers?: Record<string, string>,
) {
  const mail = await nextMail(email, server)
  await callAuthRoute('/email-otp/send-verification-otp', {
    body: { email, type: 'sign-in' },
    server,
    headers,
  })
  const otp = codeOf(await mail())
  const response = await callAuthRoute('/sign-in/email-otp', { body: { email, otp }, server, headers })
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
