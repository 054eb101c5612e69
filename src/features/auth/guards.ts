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
 * The session the guards use, read again after a minute or after any change, so an ended session
 * soon stops guarding pages.
 */
export function loadSession(queryClient: QueryClient) {
  return queryClient.fetchQuery(sessionQuery)
}

/**
 * On a 401 the session has ended since the guards read it, so drop it and rerun the guards: the
 * visitor goes to /login and returns after signing in. A preload's 401 is ignored, because
 * hovering a link is no reason to leave the page.
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

/** `beforeLoad` of pages for anyone signed in and onboarded, such as the app switch. */
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

/** `beforeLoad` of a protected route group: signed in, onboarded and holding its permissions. */
export function guardGroup(permissions: Permissions) {
  return async (options: { context: { queryClient: QueryClient }; location: { href: string } }) => {
    const { session } = await guardOnboarded(options)
    requireAccess(session, permissions)
    return { session }
  }
}

/** `beforeLoad` of a page that needs more than its group's permissions, such as creating a book. */
export function guardPage(permissions: Permissions) {
  return ({ context }: { context: { session: CurrentSession } }) =>
    requireAccess(context.session, permissions)
}
