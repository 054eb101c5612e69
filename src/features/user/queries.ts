import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'

import { ensureOrNotFound } from '~/lib/ensure-or-not-found'

import type { UserListView } from './schema'
import { getUserById, getUsers, getUserSessions } from './user.functions'

export const usersQuery = (view: UserListView) =>
  infiniteQueryOptions({
    queryKey: ['users', 'list', view],
    queryFn: ({ pageParam }) => getUsers({ data: { ...view, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () => getUserById({ data: { id } }),
  })

export const userSessionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'sessions', id],
    queryFn: () => getUserSessions({ data: { id } }),
  })

/** Loads a user for a detail page; an unknown id becomes the route group's 404 page. */
export const loadUserOrNotFound = (queryClient: QueryClient, id: string) =>
  ensureOrNotFound(queryClient, userQuery(id))

export type UserDetail = Awaited<ReturnType<typeof getUserById>>

/** A user as the list shows them. */
export type UserRow = Awaited<ReturnType<typeof getUsers>>['items'][number]
