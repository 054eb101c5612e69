/** The strict production limits, tested on their own auth instance through the HTTP handler. */
import { count, like } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { beforeAll, describe, expect, it } from 'vitest'

import { callAuth, mailboxForTests, signedIn, uniqueEmail } from '~/test/auth-helpers'
import { redisReachable, testRedisUrl } from '~/test/redis'

import { type Auth, createAuth } from './auth'
import { CLIENT_IP_HEADER } from './client-ip'
import { db } from './database'
import { schema } from './db'
import { parseEnv } from './env'

const mailbox = mailboxForTests()
let strict: Auth

beforeAll(async () => {
  // The production defaults: limits on, 3 code requests a minute per IP, 5 codes an hour and
  // 60 s between codes per address.
  strict = createAuth(await db(), parseEnv({ ...process.env, RATE_LIMIT_ENABLED: 'true' }))
})

/** A fresh test address per test and run, so rate-limit buckets never carry over, even in a shared Redis. */
const freshIp = () => {
  const [a, b] = crypto.getRandomValues(new Uint16Array(2))
  return `2001:db8:${a?.toString(16)}:${b?.toString(16)}::1`
}
/** How better-auth names an address's bucket: its /64, written out in full. */
const bucketOf = (ip: string) =>
  (ip.split('::')[0] ?? '')
    .split(':')
    .map((group) => group.padStart(4, '0'))
    .join(':')

const sendCode = (email: string, ip: string) =>
  callAuth(
    '/email-otp/send-verification-otp',
    { email, type: 'sign-in' },
    { instance: strict, headers: { [CLIENT_IP_HEADER]: ip } },
  )

describe('strict limits on codes', () => {
  it('refuses a second code for one address within 60 s, whatever the IP', async () => {
    const email = uniqueEmail()
    expect((await sendCode(email, freshIp())).status).toBe(200)
    const again = await sendCode(email, freshIp())
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await again.json()) as { code: string }).code).toBe('CODE_REQUESTED_TOO_SOON')
  })

  it('refuses a fourth code request a minute from one IP, whatever the address', async () => {
    const ip = freshIp()
    for (let request = 0; request < 3; request++) expect((await sendCode(uniqueEmail(), ip)).status).toBe(200)
    expect((await sendCode(uniqueEmail(), ip)).status).toBe(429)
    expect((await sendCode(uniqueEmail(), freshIp())).status).toBe(200)
  })

  it('refuses a fourth sign-in attempt a minute from one IP', async () => {
    const ip = freshIp()
    const attempt = () =>
      callAuth(
        '/sign-in/email-otp',
        { email: uniqueEmail(), otp: '123456' },
        { instance: strict, headers: { [CLIENT_IP_HEADER]: ip } },
      )
    for (let request = 0; request < 3; request++) expect((await attempt()).status).not.toBe(429)
    expect((await attempt()).status).toBe(429)
  })

  it('holds change-of-address codes to RATE_LIMIT_CODE_MAX a minute per IP too', async () => {
    // Two here, not the email-otp plugin's own three, to prove the configured rule applies.
    const two = createAuth(
      await db(),
      parseEnv({ ...process.env, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_CODE_MAX: '2' }),
    )
    // Sign in through the lenient test instance, which shares this one's sessions.
    const { cookie } = await signedIn(mailbox)
    const ip = freshIp()
    const ask = () =>
      callAuth(
        '/email-otp/request-email-change',
        { newEmail: uniqueEmail('new') },
        { instance: two, headers: { cookie, [CLIENT_IP_HEADER]: ip } },
      )
    for (let request = 0; request < 2; request++) expect((await ask()).status).toBe(200)
    expect((await ask()).status).toBe(429)
  })

  it('keeps its counts in the database, so every server instance shares them', async () => {
    const ip = freshIp()
    await sendCode(uniqueEmail(), ip)
    const database = await db()
    const [ipCounts] = await database
      .select({ n: count() })
      .from(schema.rateLimit)
      .where(like(schema.rateLimit.key, `${bucketOf(ip)}%`))
    expect(ipCounts?.n).toBeGreaterThan(0)
    const email = uniqueEmail()
    await sendCode(email, freshIp())
    const [sends] = await database
      .select({ n: count() })
      .from(schema.codeRequest)
      .where(like(schema.codeRequest.email, email))
    expect(sends?.n).toBe(1)
  })
})

describe('with Redis (REDIS_URL)', () => {
  it('keeps the per-IP limits there, so every instance shares them', async (context) => {
    // CI always has Redis; a developer's PGlite-only machine may not.
    if (!(await redisReachable())) return context.skip()
    const env = parseEnv({ ...process.env, RATE_LIMIT_ENABLED: 'true', REDIS_URL: testRedisUrl })
    const [first, second] = [createAuth(await db(), env), createAuth(await db(), env)]
    const ip = freshIp()
    const send = (instance: Auth) =>
      callAuth(
        '/email-otp/send-verification-otp',
        { email: uniqueEmail(), type: 'sign-in' },
        { instance, headers: { [CLIENT_IP_HEADER]: ip } },
      )
    // Two instances share one budget: three requests pass and the other instance refuses the fourth.
    expect((await send(first)).status).toBe(200)
    expect((await send(second)).status).toBe(200)
    expect((await send(first)).status).toBe(200)
    expect((await send(second)).status).toBe(429)
    const redis = new Redis(testRedisUrl)
    try {
      expect(await redis.keys(`folio:auth:${bucketOf(ip)}*`)).not.toEqual([])
    } finally {
      redis.disconnect()
    }
  })
})
