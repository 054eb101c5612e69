import { getRouteApi } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { roles } from '@/app.config'
import type { ListColumn } from '~/components/data-table'
import { ListFilter } from '~/components/list-filter'
import { ListPage } from '~/components/list-page'
import { RelativeTime } from '~/components/ui/relative-time'
import { Avatar } from '~/components/user-menu'
import { hasPermission } from '~/features/auth/permissions'
import { displayName } from '~/features/user/display-name'
import { useFormatDate } from '~/lib/use-format-date'

import { usersQuery, type UserRow } from '../queries'
import { roleLabel } from '../role-label'
import { seenWithin, userList } from '../schema'
import { UserActions } from './user-actions'
import { RoleBadge, StatusBadge } from './user-badges'

const route = getRouteApi('/manager/users/')

/** The manager's users: search, filters and sort kept in the address, page by page. */
export function PageUsers() {
  const { session } = route.useRouteContext()
  const { t } = useTranslation('user')
  const formatDate = useFormatDate()
  const columns: Array<ListColumn<UserRow>> = [
    {
      id: 'name',
      header: t('fields.name'),
      cell: ({ row: { original: user } }) => (
        <span className="flex min-w-0 items-center gap-3">
          <Avatar user={user} />
          <span className="flex min-w-0 flex-col">
            {/* On a phone, where the status column is hidden, a ban shows beside the name. */}
            <span className="flex min-w-0 items-center gap-2">
              <span dir="auto" className="truncate font-medium" title={displayName(user)}>
                {displayName(user)}
              </span>
              {user.banned && <StatusBadge banned className="md:hidden" />}
            </span>
            {/* Without a name, the e-mail is already the line above. */}
            {user.name.trim() && (
              // Its own direction, so a long address is cut at its end in either language.
              <span
                dir="auto"
                className="max-w-full self-start truncate text-muted-foreground"
                title={user.email}
              >
                {user.email}
              </span>
            )}
          </span>
        </span>
      ),
    },
    {
      id: 'role',
      header: t('fields.role'),
      cell: ({ row }) => <RoleBadge role={row.original.role} />,
      meta: { className: 'max-lg:hidden' },
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: ({ row: { original: user } }) => (
        <span className="flex flex-col items-start gap-0.5">
          <StatusBadge banned={user.banned} />
          {user.banned && user.banExpires && (
            <RelativeTime
              date={user.banExpires}
              phrase={(time) => t('status.banEnds', { time })}
              className="text-xs whitespace-nowrap"
            />
          )}
        </span>
      ),
      meta: { className: 'max-md:hidden' },
    },
    {
      id: 'lastSeen',
      header: t('fields.lastSeen'),
      cell: ({ row: { original: user } }) =>
        user.lastSeen ? <RelativeTime date={user.lastSeen} /> : t('status.neverSeen'),
      meta: { className: 'max-md:hidden whitespace-nowrap' },
    },
    {
      id: 'createdAt',
      header: t('fields.createdAt'),
      cell: ({ row }) => formatDate(row.original.createdAt),
      meta: { className: 'max-lg:hidden whitespace-nowrap', descFirst: true },
    },
  ]
  return (
    <ListPage
      ns="user"
      newTo={hasPermission(session.user.role, { user: ['create'] }) ? '/manager/users/new' : undefined}
      view={route.useSearch()}
      list={userList}
      query={usersQuery}
      emptyIcon={Users}
      columns={columns}
      rowLink={(user) => ({ to: '/manager/users/$id', params: { id: user.id } })}
      rowActions={(user) => <UserActions user={user} viewer={session.user} />}
      filters={(view, change) => (
        <>
          <ListFilter
            label={t('fields.role')}
            all={t('filters.anyRole')}
            value={view.role}
            options={roles.map((role) => ({ value: role, label: roleLabel(t, role) }))}
            onChange={(role) => change({ role })}
          />
          <ListFilter
            label={t('fields.status')}
            all={t('filters.anyStatus')}
            value={view.status}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'banned', label: t('status.banned') },
            ]}
            onChange={(status) => change({ status })}
          />
          <ListFilter
            label={t('fields.lastSeen')}
            all={t('filters.seenAny')}
            value={view.seen}
            options={Object.entries(seenWithin).map(([value, days]) => ({
              value: value as keyof typeof seenWithin,
              label: t('filters.seenWithin', { count: days }),
            }))}
            onChange={(seen) => change({ seen })}
          />
        </>
      )}
    />
  )
}
