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
import { cn } from '~/lib/cn'
import { useAction } from '~/lib/use-action'

import { putName } from './account.functions'
import { ChangeEmail } from './change-email'
import { DeleteAccount } from './delete-account'
import { ExportData } from './export-data'
import { MyPasskeys } from './my-passkeys'
import { MyPicture } from './my-picture'
import { MySessions } from './my-sessions'
import { type AccountSearch, zNameUpdate } from './schema'

/** A row of the details: label, value and button, in one column, or two from `sm`. */
const row = 'grid grid-cols-1 items-center gap-x-3 sm:grid-cols-[minmax(0,1fr)_auto]'
const rowAction = 'mt-2 sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:mt-0'

/**
 * The signed-in person's account, in either app: a card with their picture, name (changed in a
 * drawer, `?state=change-name`) and e-mail; display preferences; their passkeys; where they are
 * signed in; and their data: a download of it, and deleting the account.
 */
export function PageAccount({
  session: { user, session },
  search: { state, newEmail },
  from,
}: {
  session: CurrentSession
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
    succeeded: t('account:nameUpdated'),
    failed: t('account:nameFailed'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      await router.invalidate()
      await closeNameDialog()
    },
  })

  return (
    <div className="flex max-w-5xl flex-col gap-6 @container">
      <h1 className="text-2xl font-semibold">{t('account:title')}</h1>
      {/* Two columns where there is room: who the person is and how the pages look, then how
          they sign in and their data. One column, in that order, on a phone. */}
      <div className="grid items-start gap-6 @4xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <CardSection id="profile" title={t('account:profile')}>
            {/* An administrator acting as this person may not change their picture. */}
            <MyPicture user={user} impersonating={Boolean(session.impersonatedBy)} />
            {/* Each row: the label over its value, and its button under them on a phone (a long
                address needs the whole width there), at the end on wider screens. */}
            <dl className="flex flex-col divide-y divide-border">
              <div className={cn(row, 'pb-3')}>
                <dt className="text-sm text-muted-foreground">{t('account:name')}</dt>
                <dd className="wrap-anywhere">
                  <bdi>{user.name}</bdi>
                </dd>
                <dd className={rowAction}>
                  <Button
                    variant="outline"
                    size="sm"
                    icon={Pencil}
                    onClick={() => void setState('change-name')}
                  >
                    {t('account:updateName')}
                  </Button>
                </dd>
              </div>
              <div className={cn(row, 'pt-3')}>
                <dt className="text-sm text-muted-foreground">{t('account:email')}</dt>
                <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 wrap-anywhere">
                  <bdi>{user.email}</bdi>
                  {!user.emailVerified && (
                    <Badge tone="warning" icon={ShieldAlert}>
                      {t('account:notVerified')}
                    </Badge>
                  )}
                </dd>
                <dd className={rowAction}>
                  <ChangeEmail newEmail={newEmail} setNewEmail={setNewEmail} />
                </dd>
              </div>
            </dl>
          </CardSection>
          <CardSection id="preferences" title={t('account:preferences')}>
            <LanguageSelect />
            <ThemeSwitch />
          </CardSection>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <MyPasskeys />
          <MySessions />
          <CardSection id="my-data" title={t('account:data.title')}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground">{t('account:data.exportHint')}</p>
              <ExportData />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
              <div className="flex flex-col gap-1">
                <h3 className="font-medium">{t('account:delete.title')}</h3>
                <p className="text-sm text-muted-foreground">{t('account:delete.hint')}</p>
              </div>
              <DeleteAccount email={user.email} />
            </div>
          </CardSection>
        </div>
      </div>
      <ResponsiveDialog
        open={state === 'change-name'}
        onOpenChange={(open) =>
          !rename.isPending && void (open ? setState('change-name') : closeNameDialog())
        }
        title={t('account:updateName')}
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
        {(field) => <field.TextField label={t('account:name')} autoComplete="name" required autoFocus />}
      </form.AppField>
      {children}
    </SchemaForm>
  )
}
