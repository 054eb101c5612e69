import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { KeyRound, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { ConfirmedAction } from '~/components/confirmed-action'
import { Button } from '~/components/ui/button'
import { cardClass, CardSection } from '~/components/ui/card'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { EmptyState } from '~/components/ui/empty-state'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { toast } from '~/components/ui/toast'
import { authAction, authCall } from '~/features/auth/auth-call'
import { passkeyErrorKey } from '~/features/auth/passkey-error'
import { cn } from '~/lib/cn'
import { useBusy } from '~/lib/use-busy'
import { useFormatDate } from '~/lib/use-format-date'

import { myPasskeysQuery } from './queries'
import { zPasskeyName } from './schema'

/**
 * The signed-in person's passkeys: each named, with when it was added; add one (named, then the
 * browser's own dialog), delete one once confirmed. Added and deleted through better-auth's
 * passkey endpoints, which check that a passkey is the caller's.
 */
export function MyPasskeys() {
  const { t } = useTranslation('common')
  const formatDate = useFormatDate()
  const queryClient = useQueryClient()
  const { data: passkeys } = useSuspenseQuery(myPasskeysQuery)
  const refresh = () => queryClient.invalidateQueries({ queryKey: myPasskeysQuery.queryKey })
  const [adding, setAdding] = useState(false)
  return (
    <CardSection
      id="my-passkeys"
      title={t('account:passkeys.title')}
      description={t('account:passkeys.hint')}
      actions={
        <Button variant="outline" size="sm" icon={Plus} onClick={() => setAdding(true)}>
          {t('account:passkeys.add')}
        </Button>
      }
    >
      {passkeys.length === 0 ? (
        <EmptyState compact icon={KeyRound} text={t('account:passkeys.empty')} />
      ) : (
        <ul className={cn(cardClass, 'divide-y divide-border')}>
          {passkeys.map((passkey) => {
            const name = passkey.name || passkey.authenticator || t('account:passkeys.unnamed')
            return (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span className="flex min-w-0 items-center gap-3">
                  <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="flex min-w-0 flex-col">
                    <span dir="auto" className="truncate font-medium">
                      {name}
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {t('account:passkeys.added', { date: formatDate(passkey.createdAt ?? new Date()) })}
                    </span>
                  </span>
                </span>
                <ConfirmedAction
                  label={t('actions.delete')}
                  ariaLabel={t('account:passkeys.deleteOne', { name })}
                  icon={Trash2}
                  size="sm"
                  title={t('account:passkeys.deleteTitle')}
                  description={t('account:passkeys.deleteDescription', { name })}
                  confirmLabel={t('actions.delete')}
                  run={() => authAction((client) => client.passkey.deletePasskey({ id: passkey.id }))}
                  succeeded={t('account:passkeys.deleted')}
                  failed={t('account:passkeys.deleteFailed')}
                  onSuccess={refresh}
                />
              </li>
            )
          })}
        </ul>
      )}
      <ResponsiveDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('account:passkeys.add')}
        description={t('account:passkeys.addHint')}
      >
        <AddPasskeyForm
          onCancel={() => setAdding(false)}
          onAdded={async () => {
            toast.success(t('account:passkeys.addedToast'))
            setAdding(false)
            await refresh()
          }}
        />
      </ResponsiveDialog>
    </CardSection>
  )
}

function AddPasskeyForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: () => Promise<void> }) {
  const { t } = useTranslation('common')
  const busy = useBusy()
  const form = useSchemaForm({
    schema: zPasskeyName,
    defaultValues: { name: '' },
    onSubmit: async ({ name }): Promise<void> => {
      if (!busy.start()) return
      const { error } = await authCall((client) => client.passkey.addPasskey({ name }))
      busy.done()
      if (error) {
        form.showServerErrors({ form: passkeyErrorKey(error, 'registration') })
        return
      }
      await onAdded()
    },
  })
  return (
    <SchemaForm form={form}>
      <form.AppField name="name">
        {(field) => (
          <field.TextField
            label={t('account:passkeys.name')}
            placeholder={t('account:passkeys.namePlaceholder')}
            required
            autoFocus
          />
        )}
      </form.AppField>
      <form.FormAlert />
      <DialogActions>
        <Button variant="outline" disabled={busy.pending} onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" icon={KeyRound} loading={busy.pending}>
          {t('account:passkeys.create')}
        </Button>
      </DialogActions>
    </SchemaForm>
  )
}
