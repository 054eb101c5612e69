import { type Query, queryOptions, type QueryClient } from '@tanstack/react-query'
import { type AnyRouter, redirect } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

import { isHttpError } from '~/lib/http-error'

import { type CurrentSession, getCurrentSession } from './auth.functions'
import { hasPermission, type Permissions } from './permissions'

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => getCurrentSession(),
  staleTime: 60_000,
})

/**
 * The visitor's session as the guards see it: the one read less than a minute ago, or else (and
 * once invalidated by a change) read again. Never older: an ended session stops guarding pages.
 */
export function loadSession(queryClient: QueryClient) {
  return queryClient.fetchQuery(sessionQuery)
}

/**
 * A server function answered 401: the session ended (expired, signed out elsewhere, revoked,
 * banned) after the guards read it. The kept session goes and the guards run again, so the
 * visitor lands on /login and comes back after signing in, instead of on an error page. Called
 * for every failed query and mutation (`getRouter`, where every loader's data comes through a
 * query).
 *
 * Except for data read ahead for a link the pointer nears (a preload: a query no page shows,
 * while no navigation is under way): hovering a link is no reason to leave the page. The click,
 * if it comes, reads that data again and leads to /login with the link as the way back.
 */
export function leaveEndedSession(
  error: unknown,
  queryClient: QueryClient,
  router: AnyRouter,
  query?: Query<unknown, unknown>,
) {
  if (!isHttpError(error, 401) || typeof document === 'undefined') return
  if (query && query.getObserversCount() === 0 && !router.state.isLoading) return
  queryClient.removeQueries({ queryKey: sessionQuery.queryKey })
  void router.invalidate()
}

/** Guard for protected route groups: a signed-out visitor goes to /login and comes back after. */
export async function requireSession(
  queryClient: QueryClient,
  location: { href: string },
): Promise<CurrentSession> {
  const session = await loadSession(queryClient)
  if (!session) throw redirect({ to: '/login', search: { redirect: location.href } })
  return session
}

export const FORBIDDEN = 'FORBIDDEN'

// During server rendering the 403 page must also answer with HTTP 403.
const markForbidden = createIsomorphicFn()
  .server(() => setResponseStatus(403))
  .client(() => {})

export function requireAccess(session: CurrentSession, permissions: Permissions) {
  if (hasPermission(session.user.role, permissions)) return
  markForbidden()
  throw new Error(FORBIDDEN)
}

export function isForbidden(error: unknown) {
  return error instanceof Error && error.message === FORBIDDEN
}

/** `beforeLoad` of pages for anyone signed in and onboarded (e.g. the app switch). */
export async function guardOnboarded({
  context,
  location,
}: {
  context: { queryClient: QueryClient }
  location: { href: string }
}) {
  const session = await requireSession(context.queryClient, location)
  // Onboarding comes first, wherever the visitor was going; it cannot be skipped by URL.
  if (!session.user.onboardedAt) throw redirect({ to: '/onboarding', search: { redirect: location.href } })
  return { session }
}

/** `beforeLoad` of a protected route group: signed in, onboarded, and holding the group's permissions. */
export function guardGroup(permissions: Permissions) {
  return async (options: { context: { queryClient: QueryClient }; location: { href: string } }) => {
    const { session } = await guardOnboarded(options)
    requireAccess(session, permissions)
    return { session }
  }
}

/** `beforeLoad` of a page that needs more than its group's permissions, e.g. creating a book. */
export function guardPage(permissions: Permissions) {
  return ({ context }: { context: { session: CurrentSession } }) =>
    requireAccess(context.session, permissions)
}
