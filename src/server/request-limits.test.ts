import { afterEach, describe, expect, it, vi } from 'vitest'

import { redisReachable, testRedisUrl } from '~/test/redis'

import { db } from './database'
import { databaseRequestLimiter, type RequestLimiter, redisRequestLimiter } from './request-limits'

// The same scenario against each store, since a deployment may use either.
const stores: Array<[string, () => Promise<RequestLimiter | undefined>]> = [
  ['the database', async () => databaseRequestLimiter(await db())],
  [
    'Redis',
    async () =>
      (await redisReachable())
        ? redisRequestLimiter(testRedisUrl, `folio:test:${crypto.randomUUID()}:`)
        : undefined,
  ],
]

describe.each(stores)('requests counted in %s', (_name, makeLimiter) => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('allows `max` a window for each key, then says how long to wait', async (context) => {
    const limiter = await makeLimiter()
    // CI always has Redis; a developer's PGlite-only machine may not.
    if (!limiter) return context.skip()
    const key = `test:${crypto.randomUUID()}`
    const limit = { max: 3, windowSeconds: 600 }
    for (let request = 0; request < 3; request++) expect(await limiter(key, limit)).toEqual({ allowed: true })
    const refused = await limiter(key, limit)
    expect(refused).toMatchObject({ allowed: false })
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(590)
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(600)
    // Another key has its own count.
    expect(await limiter(`${key}:other`, limit)).toEqual({ allowed: true })
  })

  it('starts a new count once the window has passed', async (context) => {
    const limiter = await makeLimiter()
    if (!limiter) return context.skip()
    const key = `test:${crypto.randomUUID()}`
    const limit = { max: 1, windowSeconds: 1 }
    expect(await limiter(key, limit)).toEqual({ allowed: true })
    expect(await limiter(key, limit)).toMatchObject({ allowed: false })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await limiter(key, limit)).toEqual({ allowed: true })
  })
})
