import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide-react'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { ConfirmedAction } from '~/components/confirmed-action'
import { BackLink, PageHeader } from '~/components/page-header'
import { buttonClass } from '~/components/ui/button'
import { Details } from '~/components/ui/details'
import { Avatar } from '~/components/user-menu'
import { hasPermission, type Permissions } from '~/features/auth/permissions'
import { useFormatDate } from '~/lib/use-format-date'

import { userQuery } from '../queries'
import { deleteUser } from '../user.functions'
import { BanUser } from './ban-user'
import { ImpersonateUser } from './impersonate-user'
import { UserBadges } from './user-badges'
import { UserSessions } from './user-sessions'
import { displayName } from '~/features/user/display-name'

const route = getRouteApi('/manager/users/$id/')

/** A user's details and sessions, and what an admin may do with them. */
export function PageUser() {
  const { t } = useTranslation('user')
  const { id } = route.useParams()
  const { session } = route.useRouteContext()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formatDate = useFormatDate()
  const remove = useServerFn(deleteUser)
  const { data: user } = useSuspenseQuery(userQuery(id))
  const may = (permissions: Permissions) => hasPermission(session.user.role, permissions)
  const isSelf = user.id === session.user.id
  const isAdmin = hasPermission(user.role, { apps: ['manager'] })

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
      {may({ user: ['update'] }) && (
        <Link to="/manager/users/$id/update" params={{ id }} className={buttonClass('outline')}>
          <Pencil aria-hidden="true" />
          {t('detail.edit')}
        </Link>
      )}
      {may({ user: ['impersonate'] }) && !isSelf && !isAdmin && !user.banned && (
        <ImpersonateUser userId={id} />
      )}
      {may({ user: ['ban'] }) && !isSelf && <BanUser user={user} />}
      {may({ user: ['delete'] }) && !isSelf && (
        <ConfirmedAction
          label={t('delete.action')}
          icon={Trash2}
          title={t('delete.title')}
          description={t('delete.description', { name: displayName(user) })}
          confirmLabel={t('delete.confirm')}
          run={() => remove({ data: { id } })}
          succeeded={t('delete.done')}
          failed={t('delete.failed')}
          onSuccess={async () => {
            await navigate({ to: '/manager/users' })
            queryClient.removeQueries({ queryKey: ['users', 'detail', id] })
            await queryClient.invalidateQueries({ queryKey: ['users', 'list'] })
          }}
        />
      )}
    </>
  )

  return (
    <article className="flex flex-col gap-6">
      <PageHeader
        back={<BackLink to="/manager/users" label={t('detail.back')} />}
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
    </article>
  )
}
