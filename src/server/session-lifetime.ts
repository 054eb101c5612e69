/**
 * How long a session lives: it ends after SESSION_IDLE_MINUTES without a request, and
 * SESSION_MAX_AGE_MINUTES after sign-in however active it is.
 *
 * better-auth's own model is the idle part: a session expires `expiresIn` after its expiry was
 * last pushed forward, which a request does once the expiry is older than `updateAge`. The
 * absolute part is a cap on every expiry it writes, so better-auth's own check (on every
 * request, its endpoints and Folio's server functions alike) ends the session at the cap.
 */
import '@tanstack/react-start/server-only'
import type { BetterAuthOptions } from 'better-auth'

import type { ServerEnv } from './env'

/**
 * The expiry moves forward at most once per seventh of the idle timeout (better-auth's default
 * ratio: 7 days and 1 day), so a session costs at most a write a day and ends between six and
 * seven sevenths of the idle timeout after its last request.
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
          // A refresh happens inside the request that read the session, which the context holds;
          // a new expiry whose session is not known there is not written at all.
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
