import '@tanstack/react-start/server-only'

import { hasPermission, type Permissions } from '~/features/auth/permissions'
import { HttpError } from '~/lib/http-error'

import { auth } from './auth'
import { hasCookie } from './cookies'
import { standInFor } from './page-template'
import { currentRequest, oncePerRequest, setRequestUser } from './request-context'

function isBanActive(user: { banned?: boolean | null; banExpires?: Date | null }) {
  return Boolean(user.banned) && (!user.banExpires || user.banExpires.getTime() > Date.now())
}

/**
 * The request's session, or null. A banned user's sessions end on their next request, which
 * answers 403 `BANNED_USER` so the UI can say why. Read once per request and cookie: a page's
 * guards, loaders and server functions all ask. In a page rendered to be kept for every reader
 * it looks the same for, the stand-in for the reader (page-cache.ts).
 */
export async function getSession(headers: Headers) {
  const found = await oncePerRequest(`session ${headers.get('cookie') ?? ''}`, () => readSession(headers))
  return found && currentRequest()?.standIn ? standInFor(found) : found
}

/**
 * The cookie the session travels in (`__Secure-` prefixed on https), and only this one: a bearer
 * or API-key plugin would need checking where this is used.
 */
export async function sessionCookieName(): Promise<string> {
  const context = await (await auth()).$context
  return context.authCookies.sessionToken.name
}

async function readSession(headers: Headers) {
  // An anonymous request (most page views) has nothing to look up: better-auth is not asked.
  if (!hasCookie(headers.get('cookie'), await sessionCookieName())) return null
  const instance = await auth()
  const context = await instance.$context
  const found = await instance.api.getSession({ headers })
  if (found && isBanActive(found.user)) {
    await context.internalAdapter.deleteUserSessions(found.user.id)
    throw new HttpError(403, 'BANNED_USER')
  }
  if (found)
    setRequestUser(found.user.id, (found.session as { impersonatedBy?: string | null }).impersonatedBy)
  return found
}

export type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>

/** The security boundary of every server function: 401 without a session, 403 without the right. */
export async function authorize(headers: Headers, permissions: Permissions): Promise<Session> {
  const session = await getSession(headers)
  if (!session) throw new HttpError(401, 'UNAUTHORIZED')
  if (!hasPermission(session.user.role, permissions)) throw new HttpError(403, 'FORBIDDEN')
  return session
}
