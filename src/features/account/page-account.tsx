import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Pencil, ShieldAlert } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { LanguageSelect } from '~/components/language-select'
import { ThemeSwitch } from '~/components/theme-switch'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import type { CurrentSession } from '~/features/auth/auth.functions'
import { sessionQuery } from '~/features/auth/guards'
import { fieldErrors } from '~/features/auth/schema'
import { useAction } from '~/lib/use-action'

import { putName } from './account.functions'
import { ChangeEmail } from './change-email'
import { type AccountSearch, zNameUpdate } from './schema'

const card = 'flex flex-col gap-4 rounded-lg border border-border p-4'

/**
 * The signed-in person's account, in either app: display preferences, and a card with their
 * name (changed in a drawer, `?state=change-name`) and e-mail.
 */
export function PageAccount({
  user,
  search: { state, newEmail },
  from,
}: {
  user: CurrentSession['user']
  search: AccountSearch
  from: '/app/account' | '/manager/account'
}) {
  const { t } = useTranslation(['common', 'auth'])
  const navigate = useNavigate({ from })
  const router = useRouter()
  const queryClient = useQueryClient()
  const update = useServerFn(putName)
  const [error, setError] = useState<string>()
  const setState = (next: AccountSearch['state']) =>
    navigate({ search: (prev) => ({ ...prev, state: next }), replace: true })
  // Closed however (Cancel, Escape, saved), the name's dialog opens again without the old error.
  const closeNameDialog = () => {
    setError(undefined)
    return setState('')
  }
  const setNewEmail = (next: string) =>
    navigate({ search: (prev) => ({ ...prev, newEmail: next }), replace: true })
  const rename = useAction((name: string) => update({ data: { name } }), {
    succeeded: t('account.nameUpdated'),
    failed: t('account.nameFailed'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      await router.invalidate()
      await closeNameDialog()
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zNameUpdate.safeParse({ name: new FormData(event.currentTarget).get('name') })
    if (!parsed.success) return setError(fieldErrors(parsed.error).name)
    setError(undefined)
    rename.mutate(parsed.data.name)
  }

  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('account.title')}</h1>
      <section aria-labelledby="preferences" className={card}>
        <h2 id="preferences" className="text-lg font-semibold">
          {t('account.preferences')}
        </h2>
        <LanguageSelect />
        <ThemeSwitch />
      </section>
      <section aria-labelledby="profile" className={card}>
        <h2 id="profile" className="text-lg font-semibold">
          {t('account.profile')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3">
          <dt className="text-muted-foreground">{t('account.name')}</dt>
          <dd className="flex flex-wrap items-center justify-between gap-2">
            <span>{user.name}</span>
            <Button variant="outline" size="sm" icon={Pencil} onClick={() => void setState('change-name')}>
              {t('account.updateName')}
            </Button>
          </dd>
          <dt className="text-muted-foreground">{t('account.email')}</dt>
          <dd className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex flex-wrap items-center gap-2 break-all">
              {user.email}
              {!user.emailVerified && (
                <Badge tone="warning" icon={ShieldAlert}>
                  {t('account.notVerified')}
                </Badge>
              )}
            </span>
            <ChangeEmail newEmail={newEmail} setNewEmail={setNewEmail} />
          </dd>
        </dl>
      </section>
      <ResponsiveDialog
        open={state === 'change-name'}
        onOpenChange={(open) =>
          !rename.isPending && void (open ? setState('change-name') : closeNameDialog())
        }
        title={t('account.updateName')}
      >
        <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
          <Field
            label={t('account.name')}
            name="name"
            autoComplete="name"
            defaultValue={user.name}
            required
            autoFocus
            error={error && t(error)}
          />
          <DialogActions>
            <Button variant="outline" disabled={rename.isPending} onClick={() => void closeNameDialog()}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('actions.save')}
            </Button>
          </DialogActions>
        </form>
      </ResponsiveDialog>
    </div>
  )
}
