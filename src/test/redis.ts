import { Redis } from 'ioredis'

/** The Redis the tests use (CI always has one; a PGlite-only machine may not). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether that Redis answers; tests that need it are skipped if not. */
export async function redisReachable(url = testRedisUrl) {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}
