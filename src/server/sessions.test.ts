/**
 * Session lifetimes, ending and changing sessions, a new token at every sign-in, and the cookie's
 * flags, through better-auth's HTTP handler. Runs with the database alone and with Redis.
 */
import { eq } from 'drizzle-orm'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'

import { appConfig } from '@/app.config'

import {
  callAuth,
  cookieFrom,
  mailboxForTests,
  requestCode,
  signedIn,
  signInWithCode,
  uniqueEmail,
} from '~/test/auth-helpers'
import { testRedisUrl } from '~/test/redis'

import { type Auth, createAuth } from './auth'
import { db } from './database'
import { schema } from './db'
import { parseEnv } from './env'

const mailbox = mailboxForTests()

type Reading = { session: { token: string; createdAt: string; expiresAt: string }; user: { role: string } }

async function sessionOf(instance: Auth, cookie: string): Promise<Reading | null> {
  const response = await callAuth('/get-session', undefined, { instance, headers: { cookie } })
  return (await response.json()) as Reading | null
}

/** The Max-Age of the session cookie a response sets, or undefined when it sets none or a browser-session one. */
function sessionCookieMaxAge(response: Response) {
  const line = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('better-auth.session_token='))
  const maxAge = /; Max-Age=(\d+)/i.exec(line ?? '')?.[1]
  return maxAge === undefined ? undefined : Number(maxAge)
}

const instanceWith = async (env: Record<string, string>) =>
  createAuth(await db(), parseEnv({ ...process.env, ...env }))

describe.each([
  ['the database', ''],
  ['Redis and the database', testRedisUrl],
])('sessions kept in %s', (_, REDIS_URL) => {
  let instance: Auth
  beforeAll(async () => {
    instance = await instanceWith({ REDIS_URL })
  })
  const as = (cookie: string) => ({ instance, headers: { cookie } })

  it('ends after the idle timeout, and requests keep it alive until then', async () => {
    // 3 s idle, so the expiry moves forward on every request (a seventh of it rounds to 0 s).
    const idle = await instanceWith({ REDIS_URL, SESSION_IDLE_MINUTES: '0.05' })
    const user = await signedIn(mailbox, { instance: idle })
    for (let step = 0; step < 4; step++) {
      await sleep(1000)
      expect(await sessionOf(idle, user.cookie), `request ${step + 1}, 1 s after the last`).not.toBeNull()
    }
    await sleep(3500)
    expect(await sessionOf(idle, user.cookie)).toBeNull()
  })

  it('ends at the absolute lifetime however active it is', async () => {
    // 3 s idle and 6 s maximum: a request every 0.8 s keeps it from idling, but not from ending.
    const [idleMs, maxAgeMs] = [3000, 6000]
    const capped = await instanceWith({
      REDIS_URL,
      SESSION_IDLE_MINUTES: String(idleMs / 60_000),
      SESSION_MAX_AGE_MINUTES: String(maxAgeMs / 60_000),
    })
    const user = await signedIn(mailbox, { instance: capped })
    let createdAt = Date.now()
    let lastFound = Date.now()
    for (;;) {
      await sleep(800)
      const asked = Date.now()
      const reading = await sessionOf(capped, user.cookie)
      if (!reading) break
      createdAt = Date.parse(reading.session.createdAt)
      expect(Date.parse(reading.session.expiresAt) - createdAt).toBeLessThanOrEqual(maxAgeMs)
      expect(asked - createdAt, 'still valid past the lifetime').toBeLessThan(maxAgeMs + 1000)
      lastFound = asked
    }
    // It ended at the maximum age, not from idling, because the previous request was moments ago.
    expect(Date.now() - createdAt).toBeGreaterThanOrEqual(maxAgeMs)
    expect(Date.now() - lastFound).toBeLessThan(idleMs)
  })

  it('an impersonation never outlives its hour, even asked without the cookie that stops refreshes', async () => {
    const admin = await signedIn(mailbox, { role: 'admin', instance })
    const member = await signedIn(mailbox, { instance })
    const id = ((await sessionOf(instance, member.cookie)) as Reading & { user: { id: string } }).user.id
    const started = await callAuth('/admin/impersonate-user', { userId: id }, as(admin.cookie))
    expect(started.status).toBe(200)
    // The session cookie alone, without better-auth's "don't remember" cookie beside it, asks for a
    // refresh, which is always due for a session an hour long.
    const sessionCookie = cookieFrom(started)
      .split('; ')
      .filter((pair) => pair.startsWith('better-auth.session_token='))
      .join('')
    const askedAt = Date.now()
    const response = await callAuth('/get-session', undefined, as(sessionCookie))
    const reading = (await response.json()) as Reading

    const hourEnd = Date.parse(reading.session.createdAt) + appConfig.auth.impersonationMinutes * 60_000
    const database = await db()
    const [row] = await database
      .select({ expiresAt: schema.session.expiresAt })
      .from(schema.session)
      .where(eq(schema.session.token, reading.session.token))
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(hourEnd)
    expect(Date.parse(reading.session.expiresAt)).toBeLessThanOrEqual(hourEnd)
    // The cookie, if the answer sets it for a time, ends with the hour too.
    expect(askedAt + (sessionCookieMaxAge(response) ?? 0) * 1000).toBeLessThanOrEqual(hourEnd)
  })

  it("an ordinary session's refresh still moves its expiry and its cookie forward", async () => {
    // 3 s idle, so every request refreshes.
    const idle = await instanceWith({ REDIS_URL, SESSION_IDLE_MINUTES: '0.05' })
    const user = await signedIn(mailbox, { instance: idle })
    const before = Date.parse((await sessionOf(idle, user.cookie))?.session.expiresAt ?? '')
    await sleep(1000)
    const response = await callAuth('/get-session', undefined, {
      instance: idle,
      headers: { cookie: user.cookie },
    })
    const after = Date.parse(((await response.json()) as Reading).session.expiresAt)
    expect(after).toBeGreaterThan(before)
    expect(sessionCookieMaxAge(response)).toBeGreaterThan(0)
    expect(sessionCookieMaxAge(response)).toBeLessThanOrEqual(3)
  })

  it('gives a new token at every sign-in, even to a browser that still holds a live one', async () => {
    const email = uniqueEmail('tokens')
    const first = await signedIn(mailbox, { email, instance })
    const response = await callAuth(
      '/sign-in/email-otp',
      { email, otp: await requestCode(mailbox, email, instance) },
      as(first.cookie),
    )
    expect(response.status).toBe(200)
    const next = cookieFrom(response)
    expect(next).toMatch(/better-auth\.session_token=/)
    expect(next).not.toBe(first.cookie)
  })

  it('sign-out and revoking end sessions on the very next request', async () => {
    const signingOut = await signedIn(mailbox, { instance })
    expect((await callAuth('/sign-out', {}, as(signingOut.cookie))).status).toBe(200)
    expect(await sessionOf(instance, signingOut.cookie)).toBeNull()

    const email = uniqueEmail('devices')
    const [phone, laptop] = [
      await signedIn(mailbox, { email, instance }),
      await signedIn(mailbox, { email, instance }),
    ]
    expect((await callAuth('/revoke-other-sessions', {}, as(laptop.cookie))).status).toBe(200)
    expect(await sessionOf(instance, phone.cookie)).toBeNull()
    expect(await sessionOf(instance, laptop.cookie)).not.toBeNull()

    const admin = await signedIn(mailbox, { role: 'admin', instance })
    const target = await signedIn(mailbox, { instance })
    const { user } = (await callAuth('/get-session', undefined, as(target.cookie)).then((r) => r.json())) as {
      user: { id: string }
    }
    expect(
      (await callAuth('/admin/revoke-user-sessions', { userId: user.id }, as(admin.cookie))).status,
    ).toBe(200)
    expect(await sessionOf(instance, target.cookie)).toBeNull()
  })

  it('a change of role and a ban count from the very next request', async () => {
    const admin = await signedIn(mailbox, { role: 'admin', instance })
    const member = await signedIn(mailbox, { instance })
    const id = ((await sessionOf(instance, member.cookie)) as Reading & { user: { id: string } }).user.id
    const setRole = (role: string) => callAuth('/admin/set-role', { userId: id, role }, as(admin.cookie))

    expect((await setRole('admin')).status).toBe(200)
    expect((await sessionOf(instance, member.cookie))?.user.role).toBe('admin')
    expect((await callAuth('/admin/list-users', undefined, as(member.cookie))).status).toBe(200)
    expect((await setRole('user')).status).toBe(200)
    expect((await sessionOf(instance, member.cookie))?.user.role).toBe('user')
    expect((await callAuth('/admin/list-users', undefined, as(member.cookie))).status).toBe(403)

    expect((await callAuth('/admin/ban-user', { userId: id }, as(admin.cookie))).status).toBe(200)
    expect(await sessionOf(instance, member.cookie)).toBeNull()
  })
})

describe('the session cookie', () => {
  const flagsOf = (response: Response, name: string) => {
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? ''
    return cookie
      .split(';')
      .slice(1)
      .map((flag) => flag.trim().toLowerCase())
  }

  it('is HttpOnly and SameSite=Lax over http', async () => {
    const instance = await instanceWith({ BASE_URL: 'http://localhost:3000' })
    const email = uniqueEmail('http')
    const response = await signInWithCode(email, await requestCode(mailbox, email, instance), instance)
    const flags = flagsOf(response, 'better-auth.session_token')
    expect(flags).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']))
    expect(flags).not.toContain('secure')
  })

  it('is also Secure and named __Secure- on https, where the bare name is ignored', async () => {
    const origin = 'https://folio.example'
    const instance = await instanceWith({ BASE_URL: origin })
    const email = uniqueEmail('https')
    const code = await requestCode(mailbox, email, instance)
    const response = await callAuth(
      '/sign-in/email-otp',
      { email, otp: code },
      { instance, headers: { origin } },
    )
    expect(response.status).toBe(200)
    const name = '__Secure-better-auth.session_token'
    expect(flagsOf(response, name)).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']),
    )

    const cookie = cookieFrom(response)
    expect(await sessionOf(instance, cookie)).not.toBeNull()
    expect(await sessionOf(instance, cookie.replace(`${name}=`, 'better-auth.session_token='))).toBeNull()
  })
})
