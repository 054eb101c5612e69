import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import { ListColumns, ListPage, listRowClass } from '~/components/list-page'
import { Avatar } from '~/components/user-menu'
import { hasPermission } from '~/features/auth/permissions'
import { cn } from '~/lib/cn'

import { usersQuery } from '../queries'
import { UserBadges } from './user-badges'
import { displayName } from '~/features/user/display-name'

const route = getRouteApi('/manager/users/')

// Who, then their role and status: side by side on wide screens, stacked on a phone.
const columns = 'md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]'

/** The manager's users: search by name or e-mail as you type, page by page. */
export function PageUsers() {
  const { searchTerm } = route.useSearch()
  const { session } = route.useRouteContext()
  const { t } = useTranslation('user')
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
      query={usersQuery}
      emptyIcon={Users}
      columns={<ListColumns className={columns} names={[t('fields.name'), t('fields.role')]} />}
      renderRow={(user) => (
        <Link to="/manager/users/$id" params={{ id: user.id }} className={cn(listRowClass, columns)}>
          <span className="flex min-w-0 items-center gap-3">
            <Avatar user={user} />
            <span className="flex min-w-0 flex-col">
              <span dir="auto" className="truncate font-medium" title={displayName(user)}>
                {displayName(user)}
              </span>
              {/* Without a name, the e-mail is already the line above. */}
              {user.name.trim() && (
                <span className="truncate text-muted-foreground" title={user.email}>
                  {user.email}
                </span>
              )}
            </span>
          </span>
          <span className="ps-11 md:ps-0">
            <UserBadges user={user} />
          </span>
        </Link>
      )}
    />
  )
}
