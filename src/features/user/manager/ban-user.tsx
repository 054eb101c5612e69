import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { type FormEvent, useState } from 'react'
import { Ban, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { DatePicker } from '~/components/ui/date-picker'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { fieldErrors } from '~/features/auth/schema'
import { useAction } from '~/lib/use-action'

import { zBanInput } from '../schema'
import { deleteBan, postBan } from '../user.functions'

/** Bans a user (with a reason and an optional last day) or lifts their ban. */
export function BanUser({
  user,
  disabled,
}: {
  user: { id: string; name: string; banned: boolean }
  disabled?: boolean
}) {
  const { t } = useTranslation(['user', 'errors'])
  const queryClient = useQueryClient()
  const ban = useServerFn(postBan)
  const unban = useServerFn(deleteBan)
  const [open, setOpen] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = zBanInput.safeParse({
      id: user.id,
      reason: form.get('reason'),
      until: form.get('until') || undefined,
    })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    banAction.mutate({ reason: parsed.data.reason, until: parsed.data.until })
  }

  return (
    <>
      <Button variant="destructive-outline" icon={Ban} disabled={disabled} onClick={() => setOpen(true)}>
        {t('ban.action')}
      </Button>
      <ResponsiveDialog
        open={open}
        onOpenChange={(next) => !banAction.isPending && setOpen(next)}
        title={t('ban.title', { name: user.name })}
        description={t('ban.description')}
      >
        <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
          <Field
            label={t('ban.reason')}
            name="reason"
            required
            autoFocus
            error={errors.reason && t(errors.reason)}
          />
          <DatePicker
            label={t('ban.until')}
            name="until"
            min={new Date().toISOString().slice(0, 10)}
            hint={t('ban.untilHint')}
            error={errors.until && t(errors.until)}
          />
          <DialogActions>
            <Button variant="outline" disabled={banAction.isPending} onClick={() => setOpen(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="destructive" loading={banAction.isPending}>
              {t('ban.confirm')}
            </Button>
          </DialogActions>
        </form>
      </ResponsiveDialog>
    </>
  )
}
