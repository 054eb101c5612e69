/**
 * Per-address limits on sign-in codes, whatever the IP: N per hour and a cooldown between sends.
 * Sends are recorded in the database or Redis, so the limits hold across instances.
 */
import '@tanstack/react-start/server-only'
import { and, asc, eq, lt, sql } from 'drizzle-orm'

import type { Db } from './db'
import { codeRequest } from './db/schema'
import { redisClient } from './redis'

export interface CodeLimits {
  perHour: number
  cooldownSeconds: number
}

export type CodeLimitVerdict =
  { allowed: true } | { allowed: false; reason: 'cooldown' | 'hourly'; retryAfterSeconds: number }

const hourMs = 60 * 60 * 1000

/** Records a send for `email` if allowed; otherwise returns which limit applies and until when. */
export type CodeLimiter = (email: string) => Promise<CodeLimitVerdict>

export function databaseCodeLimiter(db: Db, limits: CodeLimits): CodeLimiter {
  return (email) =>
    db.transaction(async (tx) => {
      // Serialises concurrent requests for one address.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${email}))`)
      const now = Date.now()
      await tx
        .delete(codeRequest)
        .where(and(eq(codeRequest.email, email), lt(codeRequest.createdAt, new Date(now - hourMs))))
      const sends = await tx
        .select({ at: codeRequest.createdAt })
        .from(codeRequest)
        .where(eq(codeRequest.email, email))
        .orderBy(asc(codeRequest.createdAt))
      const verdict = judge(
        sends.map((send) => send.at.getTime()),
        now,
        limits,
      )
      if (verdict.allowed) await tx.insert(codeRequest).values({ email, createdAt: new Date(now) })
      return verdict
    })
}

// `judge`'s rule, run atomically in Redis. Returns {0} if allowed, {1, retryAfterMs} for the
// cooldown, {2, retryAfterMs} for the hourly limit.
const redisScript = `
local key, now, hour = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])
local cooldown, perHour = tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - hour)
local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
if last[2] and now - tonumber(last[2]) < cooldown then return {1, tonumber(last[2]) + cooldown - now} end
if redis.call('ZCARD', key) >= perHour then
  local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {2, tonumber(first[2]) + hour - now}
end
redis.call('ZADD', key, now, ARGV[5])
redis.call('PEXPIRE', key, hour)
return {0}
`

export function redisCodeLimiter(url: string, limits: CodeLimits, prefix = 'folio:code-sends:'): CodeLimiter {
  const client = redisClient(url)
  return async (email) => {
    const now = Date.now()
    const [code, retryAfterMs = 0] = (await client.eval(
      redisScript,
      1,
      `${prefix}${email}`,
      now,
      hourMs,
      limits.cooldownSeconds * 1000,
      limits.perHour,
      `${now}:${crypto.randomUUID()}`,
    )) as number[]
    if (code === 0) return { allowed: true }
    return {
      allowed: false,
      reason: code === 1 ? 'cooldown' : 'hourly',
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    }
  }
}

/** The rule itself, given the last hour's send times, oldest first. */
export function judge(sendTimes: number[], now: number, limits: CodeLimits): CodeLimitVerdict {
  const recent = sendTimes.filter((time) => time > now - hourMs)
  const last = recent.at(-1)
  if (last !== undefined && now - last < limits.cooldownSeconds * 1000) {
    return {
      allowed: false,
      reason: 'cooldown',
      retryAfterSeconds: Math.ceil((last + limits.cooldownSeconds * 1000 - now) / 1000),
    }
  }
  const first = recent[0]
  if (first !== undefined && recent.length >= limits.perHour) {
    return { allowed: false, reason: 'hourly', retryAfterSeconds: Math.ceil((first + hourMs - now) / 1000) }
  }
  return { allowed: true }
}
