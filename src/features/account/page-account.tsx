import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Pencil, ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { LanguageSelect } from '~/components/language-select'
import { ThemeSwitch } from '~/components/theme-switch'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card'
import { DialogActions, ResponsiveDialog } from '~/components/ui/dialog'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import type { CurrentSession } from '~/features/auth/auth.functions'
import { sessionQuery } from '~/features/auth/guards'
import { useAction } from '~/lib/use-action'

import { putName } from './account.functions'
import { ChangeEmail } from './change-email'
import { DeleteAccount } from './delete-account'
import { ExportData } from './export-data'
import { MyPasskeys } from './my-passkeys'
import { MySessions } from './my-sessions'
import { type AccountSearch, zNameUpdate } from './schema'

/**
 * The signed-in person's account, in either app: display preferences; a card with their name
 * (changed in a drawer, `?state=change-name`) and e-mail; their passkeys; where they are signed
 * in; and their data: a download of it, and deleting the account.
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
  const setState = (next: AccountSearch['state']) =>
    navigate({ search: (prev) => ({ ...prev, state: next }), replace: true })
  const closeNameDialog = () => setState('')
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

  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('account.title')}</h1>
      <CardSection id="preferences" title={t('account.preferences')}>
        <LanguageSelect />
        <ThemeSwitch />
      </CardSection>
      <CardSection id="profile" title={t('account.profile')}>
        {/* Label beside its value on wide screens, above it on a phone (a long address and its
            button need the whole width there). */}
        <dl className="grid grid-cols-1 items-center gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-3">
          <dt className="text-muted-foreground">{t('account.name')}</dt>
          <dd className="mb-2 flex flex-wrap items-center justify-between gap-2 sm:mb-0">
            <span dir="auto">{user.name}</span>
            <Button variant="outline" size="sm" icon={Pencil} onClick={() => void setState('change-name')}>
              {t('account.updateName')}
            </Button>
          </dd>
          <dt className="text-muted-foreground">{t('account.email')}</dt>
          <dd className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex min-w-0 flex-wrap items-center gap-2 wrap-anywhere">
              <bdi>{user.email}</bdi>
              {!user.emailVerified && (
                <Badge tone="warning" icon={ShieldAlert}>
                  {t('account.notVerified')}
                </Badge>
              )}
            </span>
            <ChangeEmail newEmail={newEmail} setNewEmail={setNewEmail} />
          </dd>
        </dl>
      </CardSection>
      <MyPasskeys />
      <MySessions />
      <CardSection id="my-data" title={t('account.data.title')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{t('account.data.exportHint')}</p>
          <ExportData />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <div className="flex flex-col gap-1">
            <h3 className="font-medium">{t('account.delete.title')}</h3>
            <p className="text-sm text-muted-foreground">{t('account.delete.hint')}</p>
          </div>
          <DeleteAccount email={user.email} />
        </div>
      </CardSection>
      <ResponsiveDialog
        open={state === 'change-name'}
        onOpenChange={(open) =>
          !rename.isPending && void (open ? setState('change-name') : closeNameDialog())
        }
        title={t('account.updateName')}
      >
        <NameForm name={user.name} save={rename}>
          <DialogActions>
            <Button variant="outline" disabled={rename.isPending} onClick={() => void closeNameDialog()}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('actions.save')}
            </Button>
          </DialogActions>
        </NameForm>
      </ResponsiveDialog>
    </div>
  )
}

/**
 * The name's form, inside its dialog: a new form each time the dialog opens (its content mounts
 * then), so it starts from the current name, without an old message.
 */
function NameForm({
  name,
  save,
  children,
}: {
  name: string
  save: { mutate: (name: string) => void }
  children: ReactNode
}) {
  const { t } = useTranslation('common')
  const form = useSchemaForm({
    schema: zNameUpdate,
    defaultValues: { name },
    onSubmit: (values) => save.mutate(values.name),
  })
  return (
    <SchemaForm form={form}>
      <form.AppField name="name">
        {(field) => <field.TextField label={t('account.name')} autoComplete="name" required autoFocus />}
      </form.AppField>
      {children}
    </SchemaForm>
  )
}
