import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { type ReactNode, useState } from 'react'
import { Ban, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DatePicker } from '~/components/ui/date-picker'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { useAction } from '~/lib/use-action'

import { zBanInput } from '../schema'
import { deleteBan, postBan } from '../user.functions'
import { displayName } from '~/features/user/display-name'

/** Bans a user (with a reason and an optional last day) or lifts their ban. */
export function BanUser({
  user,
  disabled,
}: {
  user: { id: string; name: string; email: string; banned: boolean }
  disabled?: boolean
}) {
  const { t } = useTranslation(['user', 'errors'])
  const queryClient = useQueryClient()
  const ban = useServerFn(postBan)
  const unban = useServerFn(deleteBan)
  const [open, setOpen] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] })
  const banAction = useAction(
    (input: { reason: string; until?: string }) => ban({ data: { id: user.id, ...input } }),
    {
      succeeded: t('ban.done'),
      failed: t('ban.failed'),
      onSuccess: async () => {
        setOpen(false)
        await refresh()
      },
    },
  )
  const unbanAction = useAction(() => unban({ data: { id: user.id } }), {
    succeeded: t('ban.lifted'),
    failed: t('ban.liftFailed'),
    onSuccess: refresh,
  })

  if (user.banned)
    return (
      <Button
        variant="outline"
        icon={ShieldCheck}
        loading={unbanAction.isPending}
        onClick={() => unbanAction.mutate(undefined)}
      >
        {t('ban.lift')}
      </Button>
    )

  return (
    <>
      <Button variant="destructive-outline" icon={Ban} disabled={disabled} onClick={() => setOpen(true)}>
        {t('ban.action')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={(next) => !banAction.isPending && setOpen(next)}
        title={t('ban.title', { name: displayName(user) })}
        description={t('ban.description')}
      >
        <BanForm userId={user.id} ban={banAction.mutate}>
          <DialogActions>
            <Button variant="outline" disabled={banAction.isPending} onClick={() => setOpen(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="destructive" loading={banAction.isPending}>
              {t('ban.confirm')}
            </Button>
          </DialogActions>
        </BanForm>
      </ResponsiveDialog>
    </>
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
