/**
 * A session ends after SESSION_IDLE_MINUTES without a request, or SESSION_MAX_AGE_MINUTES after
 * sign-in; an impersonation ends `impersonationMinutes` after it began. better-auth handles the
 * idle timeout; the maximum age caps every expiry it writes, and the session cookie's too.
 */
import '@tanstack/react-start/server-only'
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'

import { appConfig } from '@/app.config'

import type { ServerEnv } from './env'

/**
 * The expiry moves forward at most once per seventh of the idle timeout, as in better-auth's
 * defaults, so a session costs at most one write a day.
 */
const REFRESHES_PER_IDLE_TIMEOUT = 7

type SessionOptions = Pick<BetterAuthOptions, 'session' | 'databaseHooks'>
type SessionTimes = { createdAt: Date; impersonatedBy?: string | null }

export function sessionLifetime(env: Pick<ServerEnv, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_AGE_MINUTES'>) {
  const idleSeconds = Math.max(1, Math.round(env.SESSION_IDLE_MINUTES * 60))
  const impersonationSeconds = appConfig.auth.impersonationMinutes * 60
  const maxAgeMs = env.SESSION_MAX_AGE_MINUTES * 60_000
  // better-auth refreshes an impersonation like any session when the request lacks its "don't
  // remember" cookie, so its hour is enforced here too.
  const capped = (session: SessionTimes, expiresAt: Date) => {
    const lifetimeMs = session.impersonatedBy ? Math.min(maxAgeMs, impersonationSeconds * 1000) : maxAgeMs
    return new Date(
      Math.min(new Date(expiresAt).getTime(), new Date(session.createdAt).getTime() + lifetimeMs),
    )
  }

  return {
    session: {
      storeSessionInDatabase: true,
      expiresIn: idleSeconds,
      updateAge: Math.floor(idleSeconds / REFRESHES_PER_IDLE_TIMEOUT),
    },
    impersonationSeconds,
    databaseHooks: {
      session: {
        create: {
          before: (session) =>
            Promise.resolve({ data: { ...session, expiresAt: capped(session, session.expiresAt) } }),
        },
        update: {
          // A refresh happens in the request that read the session, so an expiry for a session not in
          // the context is not written.
          before: (changes, ctx) => {
            if (!changes.expiresAt) return Promise.resolve()
            const current = ctx?.context.session?.session as SessionTimes | undefined
            const { expiresAt, ...rest } = changes
            return Promise.resolve({
              data: current ? { ...rest, expiresAt: capped(current, expiresAt) } : rest,
            })
          },
        },
      },
    },
    plugin: cookieWithinSession(),
  } satisfies SessionOptions & { impersonationSeconds: number; plugin: BetterAuthPlugin }
}

/**
 * Shortens the session cookie better-auth sets to the time its session has left: a refresh writes
 * it for the whole idle timeout, even when the session ends sooner.
 */
function cookieWithinSession(): BetterAuthPlugin {
  return {
    id: 'folio-cookie-within-session',
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware((ctx) => {
            const written = ctx.context.newSession?.session
            const headers = ctx.context.responseHeaders
            if (!written || !headers) return Promise.resolve()
            const name = ctx.context.authCookies.sessionToken.name
            const left = Math.max(0, Math.floor((new Date(written.expiresAt).getTime() - Date.now()) / 1000))
            const cookies = headers.getSetCookie()
            headers.delete('set-cookie')
            for (const cookie of cookies)
              headers.append(
                'set-cookie',
                cookie.startsWith(`${name}=`)
                  ? cookie.replace(
                      /; Max-Age=(\d+)/,
                      (_, age: string) => `; Max-Age=${Math.min(Number(age), left)}`,
                    )
                  : cookie,
              )
            return Promise.resolve()
          }),
        },
      ],
    },
  }
}
