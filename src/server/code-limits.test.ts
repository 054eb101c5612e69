import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { uniqueEmail } from '~/test/auth-helpers'
import { redisReachable, testRedisUrl as redisUrl } from '~/test/redis'

import { type CodeLimiter, databaseCodeLimiter, judge, redisCodeLimiter } from './code-limits'
import { db } from './database'

const limits = { perHour: 5, cooldownSeconds: 60 }

describe('the rule', () => {
  const now = 10_000_000
  it('allows a first code, then waits out the cooldown', () => {
    expect(judge([], now, limits)).toEqual({ allowed: true })
    expect(judge([now - 10_000], now, limits)).toEqual({
      allowed: false,
      reason: 'cooldown',
      retryAfterSeconds: 50,
    })
    expect(judge([now - 60_000], now, limits)).toEqual({ allowed: true })
  })

  it('allows five codes an hour, and forgets sends older than an hour', () => {
    const five = [50, 40, 30, 20, 10].map((minutes) => now - minutes * 60_000)
    expect(judge(five, now, limits)).toEqual({ allowed: false, reason: 'hourly', retryAfterSeconds: 600 })
    expect(judge(five.slice(1), now, limits)).toEqual({ allowed: true })
    expect(judge([now - 61 * 60_000, ...five.slice(1)], now, limits)).toEqual({ allowed: true })
  })
})

// The same scenario against each store, since a deployment may use either.
const stores: Array<[string, () => Promise<CodeLimiter | undefined>]> = [
  ['the database', async () => databaseCodeLimiter(await db(), limits)],
  [
    'Redis',
    async () =>
      (await redisReachable())
        ? redisCodeLimiter(redisUrl, limits, `folio:test:${crypto.randomUUID()}:`)
        : undefined,
  ],
]

describe.each(stores)('per-address limits stored in %s', (_name, makeLimiter) => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('60 s between two codes, at most 5 an hour, per address', async (context) => {
    const limiter = await makeLimiter()
    // CI always has Redis; a developer's PGlite-only machine may not.
    if (!limiter) return context.skip()
    const email = uniqueEmail()
    const start = Date.now()
    expect(await limiter(email)).toEqual({ allowed: true })
    expect(await limiter(email)).toMatchObject({ allowed: false, reason: 'cooldown' })
    expect(await limiter(uniqueEmail())).toEqual({ allowed: true })
    for (let send = 1; send < 5; send++) {
      vi.setSystemTime(start + send * 61_000)
      expect(await limiter(email)).toEqual({ allowed: true })
    }
    vi.setSystemTime(start + 6 * 61_000)
    expect(await limiter(email)).toMatchObject({ allowed: false, reason: 'hourly' })
    vi.setSystemTime(start + 60 * 60_000 + 1_000)
    expect(await limiter(email)).toEqual({ allowed: true })
  })

  it('lets only one of many concurrent requests through', async (context) => {
    const limiter = await makeLimiter()
    if (!limiter) return context.skip()
    const email = uniqueEmail()
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => limiter(email)))
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(1)
  })
})
