import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DatePicker } from '~/components/ui/date-picker'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { useAction } from '~/lib/use-action'

import { zBanInput } from '../schema'
import { deleteBan, postBan } from '../user.functions'
import { displayName } from '~/features/user/display-name'

type BannedUser = { id: string; name: string; email: string; banned: boolean }

/** Lifting a user's ban, at once (nothing to confirm: it can be banned again). */
export function useLiftBan(user: BannedUser) {
  const { t } = useTranslation('user')
  const queryClient = useQueryClient()
  const unban = useServerFn(deleteBan)
  return useAction(() => unban({ data: { id: user.id } }), {
    succeeded: t('ban.lifted'),
    failed: t('ban.liftFailed'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  })
}

/** The dialog that bans a user, with a reason and an optional last day. */
export function BanDialog({
  user,
  open,
  onOpenChange,
}: {
  user: BannedUser
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation(['user', 'errors'])
  const queryClient = useQueryClient()
  const ban = useServerFn(postBan)
  const banAction = useAction(
    (input: { reason: string; until?: string }) => ban({ data: { id: user.id, ...input } }),
    {
      succeeded: t('ban.done'),
      failed: t('ban.failed'),
      onSuccess: async () => {
        onOpenChange(false)
        await queryClient.invalidateQueries({ queryKey: ['users'] })
      },
    },
  )
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !banAction.isPending && onOpenChange(next)}
      title={t('ban.title', { name: displayName(user) })}
      description={t('ban.description')}
    >
      <BanForm userId={user.id} ban={banAction.mutate}>
        <DialogActions>
          <Button variant="outline" disabled={banAction.isPending} onClick={() => onOpenChange(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="destructive" loading={banAction.isPending}>
            {t('ban.confirm')}
          </Button>
        </DialogActions>
      </BanForm>
    </ResponsiveDialog>
  )
}

/** The ban's reason and last day, a new form each time the dialog opens. */
function BanForm({
  userId,
  ban,
  children,
}: {
  userId: string
  ban: (input: { reason: string; until?: string }) => void
  children: ReactNode
}) {
  const { t } = useTranslation('user')
  const form = useSchemaForm({
    schema: zBanInput,
    defaultValues: { id: userId, reason: '', until: undefined },
    onSubmit: ({ reason, until }) => ban({ reason, until }),
  })
  return (
    <SchemaForm form={form}>
      <form.AppField name="reason">
        {(field) => <field.TextField label={t('ban.reason')} required autoFocus />}
      </form.AppField>
      <form.AppField name="until">
        {() => (
          <DatePicker
            label={t('ban.until')}
            min={new Date().toISOString().slice(0, 10)}
            hint={t('ban.untilHint')}
          />
        )}
      </form.AppField>
      {children}
    </SchemaForm>
  )
}
