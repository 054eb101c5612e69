/**
 * A session ends after SESSION_IDLE_MINUTES without a request, or SESSION_MAX_AGE_MINUTES after
 * sign-in. better-auth handles the idle timeout; the maximum age caps every expiry it writes.
 */
import '@tanstack/react-start/server-only'
import type { BetterAuthOptions } from 'better-auth'

import type { ServerEnv } from './env'

/**
 * The expiry moves forward at most once per seventh of the idle timeout, as in better-auth's
 * defaults, so a session costs at most one write a day.
 */
const REFRESHES_PER_IDLE_TIMEOUT = 7

type SessionOptions = Pick<BetterAuthOptions, 'session' | 'databaseHooks'>

export function sessionLifetime(env: Pick<ServerEnv, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_AGE_MINUTES'>) {
  const idleSeconds = Math.max(1, Math.round(env.SESSION_IDLE_MINUTES * 60))
  const maxAgeMs = env.SESSION_MAX_AGE_MINUTES * 60_000
  const capped = (createdAt: Date, expiresAt: Date) =>
    new Date(Math.min(new Date(expiresAt).getTime(), new Date(createdAt).getTime() + maxAgeMs))

  return {
    session: {
      storeSessionInDatabase: true,
      expiresIn: idleSeconds,
      updateAge: Math.floor(idleSeconds / REFRESHES_PER_IDLE_TIMEOUT),
    },
    databaseHooks: {
      session: {
        create: {
          before: (session) =>
            Promise.resolve({
              data: { ...session, expiresAt: capped(session.createdAt, session.expiresAt) },
            }),
        },
        update: {
          // A refresh happens in the request that read the session, so an expiry for a session not in
          // the context is not written.
          before: (changes, ctx) => {
            if (!changes.expiresAt) return Promise.resolve()
            const createdAt = ctx?.context.session?.session.createdAt
            const { expiresAt, ...rest } = changes
            return Promise.resolve({
              data: createdAt ? { ...rest, expiresAt: capped(createdAt, expiresAt) } : rest,
            })
          },
        },
      },
    },
  } satisfies SessionOptions
}
