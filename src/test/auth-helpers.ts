/** Sign-in through better-auth's real HTTP handler, with codes read from real e-mail. */
import { afterAll, beforeAll } from 'vitest'

import { type Auth, auth } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'

import { cookieFrom } from './cookies'
import { codeOf, type Mailbox, startMailbox } from './mailbox'

export { cookieFrom }

const origin = 'http://localhost:3000'

/**
 * The mailbox of a test file: started before its tests, with the app's SMTP pointed at it (before
 * the file's own `beforeAll`, which may build an auth instance from the environment), and closed
 * after them. Call it at the top of the file.
 */
export function mailboxForTests(): Mailbox {
  const mailbox = {} as Mailbox
  beforeAll(async () => {
    Object.assign(mailbox, await startMailbox())
    process.env.SMTP_URL = mailbox.smtpUrl
  })
  afterAll(() => mailbox.close())
  return mailbox
}

/** A request to better-auth's HTTP handler, as the browser would send it. */
export async function callAuth(
  path: string,
  body?: unknown,
  options: { headers?: Record<string, string>; instance?: Auth; captcha?: boolean } = {},
) {
  const request = new Request(`${origin}/api/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin, 'content-type': 'application/json', ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return handleAuthRequest(options.instance ?? (await auth()), request, { captcha: options.captcha ?? false })
}

export function uniqueEmail(label = 'visitor') {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}

export async function requestCode(mailbox: Mailbox, email: string, instance?: Auth) {
  const since = mailbox.messages.length
  const response = await callAuth(
    '/email-otp/send-verification-otp',
    { email, type: 'sign-in' },
    { instance },
  )
  if (!response.ok) throw new Error(`send code: ${response.status} ${await response.text()}`)
  return codeOf(await mailbox.waitFor(email, { since }))
}

export function signInWithCode(email: string, otp: string, instance?: Auth) {
  return callAuth('/sign-in/email-otp', { email, otp }, { instance })
}

/** Signs in a fresh or given address and returns its cookie; `role` is set in the database. */
export async function signedIn(
  mailbox: Mailbox,
  options: { email?: string; role?: string; instance?: Auth } = {},
) {
  const email = options.email ?? uniqueEmail(options.role?.replace(/\W+/g, '-') ?? 'user')
  const { instance } = options
  const response = await signInWithCode(email, await requestCode(mailbox, email, instance), instance)
  if (!response.ok) throw new Error(`sign in: ${response.status} ${await response.text()}`)
  if (options.role) {
    // Go through better-auth, because it also updates the sessions it keeps in Redis.
    const context = await (instance ?? (await auth())).$context
    await context.internalAdapter.updateUserByEmail(email, { role: options.role })
  }
  return { email, cookie: cookieFrom(response), headers: new Headers({ cookie: cookieFrom(response) }) }
}
