import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'

import { ListPage } from '~/components/list-page'
import { hasPermission } from '~/features/auth/permissions'

import { usersQuery } from '../queries'
import { UserBadges } from './user-badges'

const route = getRouteApi('/manager/users/')

/** The manager's users: search by name or e-mail as you type, page by page. */
export function PageUsers() {
  const { searchTerm } = route.useSearch()
  const { session } = route.useRouteContext()
  const navigate = useNavigate({ from: '/manager/users/' })
  const onSearch = useCallback(
    (term: string) => void navigate({ search: { searchTerm: term }, replace: true }),
    [navigate],
  )
  return (
    <ListPage
      ns="user"
      newTo={hasPermission(session.user.role, { user: ['create'] }) ? '/manager/users/new' : undefined}
      searchTerm={searchTerm}
      onSearch={onSearch}
      list={useSuspenseInfiniteQuery(usersQuery(searchTerm))}
      renderRow={(user) => (
        <Link
          to="/manager/users/$id"
          params={{ id: user.id }}
          className="flex flex-col gap-1 px-4 py-3 hover:bg-neutral-50 sm:flex-row sm:items-center sm:justify-between dark:hover:bg-neutral-900"
        >
          <span className="flex flex-col">
            <span className="font-medium">{user.name}</span>
            <span className="text-sm text-neutral-600 dark:text-neutral-400">{user.email}</span>
          </span>
          <UserBadges user={user} />
        </Link>
      )}
    />
  )
}
