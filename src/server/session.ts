import '@tanstack/react-start/server-only'

import { hasPermission, type Permissions } from '~/features/auth/permissions'
import { HttpError } from '~/lib/http-error'

import { auth } from './auth'
import { hasCookie } from './cookies'
import { oncePerRequest, setRequestUser } from './request-context'

function isBanActive(user: { banned?: boolean | null; banExpires?: Date | null }) {
  return Boolean(user.banned) && (!user.banExpires || user.banExpires.getTime() > Date.now())
}

/**
 * The request's session, or null, read once per request. A banned user's session ends on their
 * next request, which answers 403 `BANNED_USER` so the UI can say why.
 */
export function getSession(headers: Headers) {
  return oncePerRequest(`session ${headers.get('cookie') ?? ''}`, () => readSession(headers))
}

/**
 * The session cookie's name, `__Secure-` prefixed on https. Only this cookie is checked, so adding
 * a bearer or API-key plugin would need changes where this is used.
 */
export async function sessionCookieName(): Promise<string> {
  const context = await (await auth()).$context
  return context.authCookies.sessionToken.name
}

/** The cookies that sign a person in: the session's and, during an impersonation, the admin's own. */
export async function signInCookieNames(): Promise<ReadonlyArray<string>> {
  const context = await (await auth()).$context
  return [context.authCookies.sessionToken.name, context.createAuthCookie('admin_session').name]
}

/** Whether the request has a sign-in cookie, valid or not. */
export async function carriesSignIn(headers: Headers): Promise<boolean> {
  const cookie = headers.get('cookie')
  if (!cookie) return false
  return (await signInCookieNames()).some((name) => hasCookie(cookie, name))
}

async function readSession(headers: Headers) {
  // Skip better-auth for anonymous requests, which are most page views.
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

/** The security check of every server function: 401 without a session, 403 without the permission. */
export async function authorize(headers: Headers, permissions: Permissions): Promise<Session> {
  const session = await getSession(headers)
  if (!session) throw new HttpError(401, 'UNAUTHORIZED')
  if (!hasPermission(session.user.role, permissions)) throw new HttpError(403, 'FORBIDDEN')
  return session
}
