/**
 * Requests counted by key in fixed windows: at most `max` in each `windowSeconds`. The counts live
 * in Redis when it is configured, otherwise in the database's `rate_limit` table (beside
 * better-auth's own counts, under keys of Folio's), so a limit holds across instances.
 */
import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'

import type { Db } from './db'
import { rateLimit } from './db/schema'
import { redisClient } from './redis'

export interface WindowLimit {
  max: number
  windowSeconds: number
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Counts one request for `key` and says whether it is within the limit. */
export type RequestLimiter = (key: string, limit: WindowLimit) => Promise<LimitVerdict>

const verdict = (count: number, limit: WindowLimit, msLeft: number): LimitVerdict =>
  count <= limit.max
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) }

/** In the `rate_limit` table: `last_request` holds when the key's window started. */
export function databaseRequestLimiter(db: Db): RequestLimiter {
  return async (key, limit) => {
    const now = Date.now()
    const windowMs = limit.windowSeconds * 1000
    const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`
    const [row] = await db
      .insert(rateLimit)
      .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
          lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
        },
      })
      .returning({ count: rateLimit.count, startedAt: rateLimit.lastRequest })
    return verdict(row!.count, limit, row!.startedAt + windowMs - now)
  }
}

export function redisRequestLimiter(url: string, prefix = 'folio:limit:'): RequestLimiter {
  const client = redisClient(url)
  return async (key, limit) => {
    const name = `${prefix}${key}`
    // The key expires with its window: created with the window's length, then only counted up.
    const replies = await client
      .multi()
      .set(name, 0, 'PX', limit.windowSeconds * 1000, 'NX')
      .incr(name)
      .pttl(name)
      .exec()
    const [, [, count], [, msLeft]] = replies as [unknown, [unknown, number], [unknown, number]]
    return verdict(count, limit, msLeft)
  }
}
