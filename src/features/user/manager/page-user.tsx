import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { buttonClass } from '~/components/ui/button'
import { Details } from '~/components/ui/details'
import { Avatar } from '~/components/user-menu'
import { ItemHistory } from '~/features/activity/activity-entry'
import { hasPermission, type Permissions } from '~/features/auth/permissions'
import { useFormatDate } from '~/lib/use-format-date'

import { userQuery } from '../queries'
import { UserActions, userRights } from './user-actions'
import { UserBadges } from './user-badges'
import { UserSessions } from './user-sessions'
import { displayName } from '~/features/user/display-name'

const route = getRouteApi('/manager/users/$id/')

/** A user's details and sessions, and what an admin may do with them. */
export function PageUser() {
  const { t } = useTranslation('user')
  const { id } = route.useParams()
  const { session } = route.useRouteContext()
  const formatDate = useFormatDate()
  const { data: user } = useSuspenseQuery(userQuery(id))
  const may = (permissions: Permissions) => hasPermission(session.user.role, permissions)
  const isSelf = user.id === session.user.id
  const rights = userRights(session.user, user)

  const fields = [
    {
      label: t('fields.email'),
      value: user.emailVerified ? user.email : `${user.email} · ${t('status.notVerified')}`,
    },
    {
      label: t('fields.onboarding'),
      value: user.onboardedAt
        ? t('status.onboardedAt', { date: formatDate(user.onboardedAt) })
        : t('status.notOnboarded'),
    },
    ...(user.banned
      ? [
          { label: t('fields.banReason'), value: user.banReason ?? '' },
          {
            label: t('fields.banExpires'),
            value: user.banExpires ? formatDate(user.banExpires) : t('ban.forever'),
          },
        ]
      : []),
  ]

  const actions = (
    <>
      {rights.update && (
        <Link to="/manager/users/$id/update" params={{ id }} className={buttonClass('primary')}>
          <Pencil aria-hidden="true" />
          {t('detail.edit')}
        </Link>
      )}
      <UserActions user={user} viewer={session.user} onPage />
    </>
  )

  return (
    <article className="flex flex-col gap-6">
      <PageHeader
        parents={[{ to: '/manager/users', label: t('list.title') }]}
        title={displayName(user)}
        actions={actions}
      />
      <div className="flex min-w-0 items-center gap-4">
        <Avatar user={user} className="size-12 text-lg" />
        <UserBadges user={user} />
      </div>
      <Details fields={fields} />
      {isSelf && <p className="text-muted-foreground">{t('detail.selfHint')}</p>}
      {may({ session: ['list'] }) && <UserSessions userId={id} isSelf={isSelf} />}
      {may({ activity: ['read'] }) && <ItemHistory entity="user" id={id} />}
    </article>
  )
}
