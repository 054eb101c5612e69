import { eq, like } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

import {
  callAuth,
  cookieFrom,
  mailboxForTests,
  requestCode,
  signInWithCode,
  uniqueEmail,
} from '~/test/auth-helpers'
import { codeOf } from '~/test/mailbox'

import { createAuth } from './auth'
import { db } from './database'
import { schema } from './db'
import { parseEnv } from './env'

const mailbox = mailboxForTests()

async function errorCode(response: Response) {
  return ((await response.json()) as { code?: string }).code
}

describe('sign-in with an e-mailed code, through the HTTP handler', () => {
  it('sends a 6-digit code over SMTP, signs a new address up as a user, and the session reads back', async () => {
    const email = uniqueEmail()
    const since = mailbox.messages.length
    const code = await requestCode(mailbox, email)
    expect(code).toMatch(/^\d{6}$/)
    const mail = mailbox.messages.slice(since).find((m) => m.to === email)
    expect(mail?.subject).toContain(code)
    expect(mail?.text).toContain('5 minutes')

    const response = await signInWithCode(email, code)
    expect(response.status).toBe(200)
    const session = await callAuth('/get-session', undefined, { headers: { cookie: cookieFrom(response) } })
    const body = (await session.json()) as { user: { email: string; role: string } }
    expect(body.user).toMatchObject({ email, role: 'user' })
  })

  it('refuses an address longer than 254 characters before sending or checking a code', async () => {
    // 255 characters, which no mail server delivers.
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`
    expect(long).toHaveLength(255)
    const since = mailbox.messages.length
    const asked = await callAuth('/email-otp/send-verification-otp', { email: long, type: 'sign-in' })
    expect(asked.status).toBe(400)
    expect(await errorCode(asked)).toBe('VALIDATION_ERROR')
    const signIn = await signInWithCode(long, '123456')
    expect(signIn.status).toBe(400)
    expect(await errorCode(signIn)).toBe('VALIDATION_ERROR')
    // 254 characters is still an address.
    const longest = long.slice(0, 60) + long.slice(61)
    expect(longest).toHaveLength(254)
    expect(
      (await callAuth('/email-otp/send-verification-otp', { email: longest, type: 'sign-in' })).status,
    ).toBe(200)
    expect(mailbox.messages.slice(since).some((mail) => mail.to === long)).toBe(false)
  })

  it('writes the e-mail in the language of the request', async () => {
    const email = uniqueEmail()
    const since = mailbox.messages.length
    await callAuth(
      '/email-otp/send-verification-otp',
      { email, type: 'sign-in' },
      { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
    )
    const mail = await mailbox.waitFor(email, { since })
    expect(mail.subject).toMatch(/^Votre code de connexion Folio : \d{6}$/)
  })

  it('refuses the right code after three wrong ones', async () => {
    const email = uniqueEmail()
    const code = await requestCode(mailbox, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await signInWithCode(email, wrong)
      expect(response.status).toBe(400)
      expect(await errorCode(response)).toBe('INVALID_OTP')
    }
    const response = await signInWithCode(email, code)
    expect(response.ok).toBe(false)
    expect(await errorCode(response)).toBe('TOO_MANY_ATTEMPTS')
  })

  it('accepts a code only once', async () => {
    const email = uniqueEmail()
    const code = await requestCode(mailbox, email)
    expect((await signInWithCode(email, code)).status).toBe(200)
    const again = await signInWithCode(email, code)
    expect(again.ok).toBe(false)
  })

  it('voids the older code when a new one is sent', async () => {
    const email = uniqueEmail()
    const first = await requestCode(mailbox, email)
    let second = await requestCode(mailbox, email)
    // Two draws can collide (one in a million), so draw again rather than test nothing.
    while (second === first) second = await requestCode(mailbox, email)
    const withOld = await signInWithCode(email, first)
    expect(withOld.ok).toBe(false)
    expect((await signInWithCode(email, second)).status).toBe(200)
  })

  it('never stores a code in plain text', async () => {
    const email = uniqueEmail()
    const code = await requestCode(mailbox, email)
    const rows = await (
      await db()
    )
      .select()
      .from(schema.verification)
      .where(like(schema.verification.identifier, `%${email}%`))
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.value).not.toContain(code)
  })

  it('refuses an expired code (expiry shortened through configuration)', async () => {
    const env = parseEnv({ ...process.env, AUTH_CODE_EXPIRY_MINUTES: '0.005' })
    const shortLived = createAuth(await db(), env)
    const email = uniqueEmail()
    const code = await requestCode(mailbox, email, shortLived)
    await new Promise((resolve) => setTimeout(resolve, 400))
    const response = await signInWithCode(email, code, shortLived)
    expect(response.ok).toBe(false)
    expect(await errorCode(response)).toBe('OTP_EXPIRED')
  })

  it('creates no account for an unknown address when sign-up is off, and answers as for any address', async () => {
    const env = parseEnv({ ...process.env, AUTH_SIGNUP_ENABLED: 'false' })
    const closed = createAuth(await db(), env)
    const email = uniqueEmail()
    const sent = await callAuth(
      '/email-otp/send-verification-otp',
      { email, type: 'sign-in' },
      { instance: closed },
    )
    expect(sent.status).toBe(200)
    const signIn = await signInWithCode(email, '123456', closed)
    expect(signIn.ok).toBe(false)
    const users = await (await db()).select().from(schema.user).where(eq(schema.user.email, email))
    expect(users).toEqual([])
  })
})

describe('codes and logs', () => {
  it('without SMTP (development) prints one line with the recipient and the code', async () => {
    const env = parseEnv({ ...process.env, SMTP_URL: '' })
    const local = createAuth(await db(), env)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const email = uniqueEmail()
    await callAuth('/email-otp/send-verification-otp', { email, type: 'sign-in' }, { instance: local })
    const line = log.mock.calls.map((call) => call.join(' ')).find((text) => text.includes(email))
    log.mockRestore()
    expect(line).toMatch(/\d{6}/)
  })

  it('with SMTP never writes the code to the logs', async () => {
    const log = vi.spyOn(console, 'log')
    const error = vi.spyOn(console, 'error')
    const email = uniqueEmail()
    const code = await requestCode(mailbox, email)
    const printed = () => [...log.mock.calls, ...error.mock.calls].map((call) => call.join(' ')).join('\n')
    await vi.waitFor(() => expect(printed()).toContain(`"to":"${email}"`))
    log.mockRestore()
    error.mockRestore()
    expect(printed()).not.toContain(code)
    expect(codeOf(mailbox.latest(email)!)).toBe(code)
  })
})
