import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Ban, Eye, Pencil, ShieldCheck, Trash2, VenetianMask } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ActionsMenu } from '~/components/actions-menu'
import { type ConfirmedActionProps, ConfirmedActionDialog } from '~/components/confirmed-action'
import { hasPermission } from '~/features/auth/permissions'
import { displayName } from '~/features/user/display-name'

import { deleteUser } from '../user.functions'
import { BanDialog, useLiftBan } from './ban-user'
import { useImpersonate } from './impersonate-user'

type ActedOn = { id: string; name: string; email: string; role: string; banned: boolean }

/**
 * What the viewer may do to a user, as the server allows it: nothing that would lock them out of
 * their own account, and no impersonating an administrator or a banned user.
 */
export function userRights(viewer: { id: string; role: string }, user: ActedOn) {
  const may = (action: 'update' | 'impersonate' | 'ban' | 'delete') =>
    hasPermission(viewer.role, { user: [action] })
  const other = user.id !== viewer.id
  return {
    update: may('update'),
    impersonate:
      may('impersonate') && other && !hasPermission(user.role, { apps: ['manager'] }) && !user.banned,
    ban: may('ban') && other,
    delete: may('delete') && other,
  }
}

/** Deleting a user for good, once confirmed; `leave` (from their page) returns to the list. */
export function useDeleteUser(user: ActedOn, leave = false): ConfirmedActionProps {
  const { t } = useTranslation('user')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useServerFn(deleteUser)
  return {
    title: t('delete.title'),
    description: t('delete.description', { name: displayName(user) }),
    confirmLabel: t('delete.confirm'),
    run: () => remove({ data: { id: user.id } }),
    succeeded: t('delete.done'),
    failed: t('delete.failed'),
    onSuccess: async () => {
      if (leave) await navigate({ to: '/manager/users' })
      queryClient.removeQueries({ queryKey: ['users', 'detail', user.id] })
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] })
    },
  }
}

/**
 * A user's menu, as the viewer may: on their row open, edit, impersonate, ban or lift the ban,
 * delete; on their own page, where Edit is a button, the rest. Nothing left: no menu.
 */
export function UserActions({
  user,
  viewer,
  onPage = false,
}: {
  user: ActedOn
  viewer: { id: string; role: string }
  onPage?: boolean
}) {
  const { t } = useTranslation('user')
  const rights = userRights(viewer, user)
  const { impersonate } = useImpersonate(user.id)
  const lift = useLiftBan(user)
  const deletion = useDeleteUser(user, onPage)
  if (onPage && !rights.impersonate && !rights.ban && !rights.delete) return null
  const params = { id: user.id }
  return (
    <ActionsMenu
      label={t('common:list.actionsFor', { name: displayName(user) })}
      actions={[
        !onPage && { label: t('common:actions.open'), icon: Eye, link: { to: '/manager/users/$id', params } },
        !onPage &&
          rights.update && {
            label: t('detail.edit'),
            icon: Pencil,
            link: { to: '/manager/users/$id/update', params },
          },
        rights.impersonate && {
          label: t('common:impersonation.action'),
          icon: VenetianMask,
          onSelect: () => void impersonate(),
        },
        rights.ban &&
          (user.banned
            ? { label: t('ban.lift'), icon: ShieldCheck, onSelect: () => lift.mutate(undefined) }
            : {
                label: t('ban.action'),
                icon: Ban,
                destructive: true,
                dialog: (state) => <BanDialog user={user} {...state} />,
              }),
        rights.delete && {
          label: t('delete.action'),
          icon: Trash2,
          destructive: true,
          dialog: (state) => <ConfirmedActionDialog {...state} {...deletion} />,
        },
      ]}
    />
  )
}
