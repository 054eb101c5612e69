import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { isRole, roles } from '@/app.config'
import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { FormPage, type FormPageHeading } from '~/components/form-page'
import { useSchemaForm } from '~/components/ui/form'
import { sessionQuery } from '~/features/auth/guards'
import { useSaveForm } from '~/lib/use-save-form'

import type { UserDetail } from '../queries'
import { roleLabel } from '../role-label'
import { type UserInput, zUserInput } from '../schema'

/**
 * Creates or edits a user: name, e-mail and role, checked here and again on the server with the
 * same schema. Nobody changes their own role: the control is disabled and says why.
 */
export function FormUser({
  heading,
  user,
  currentUserId,
  save,
  messages,
}: {
  heading: FormPageHeading
  /** The user being edited; none when creating one. */
  user?: UserDetail
  currentUserId: string
  save: (input: UserInput) => Promise<{ id: string }>
  /** Keys of the `user` namespace for the submit button and the success and failure toasts. */
  messages: { submit: string; succeeded: string; failed: string }
}) {
  const { t } = useTranslation(['user', 'auth', 'errors'])
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const initial: UserInput = { name: user?.name ?? '', email: user?.email ?? '', role: user?.role ?? 'user' }
  const form = useSchemaForm({
    schema: zUserInput,
    defaultValues: initial,
    onSubmit: (values): void => mutation.mutate(values),
  })
  const leave = useLeaveConfirmation(form.changed)
  const isSelf = user?.id === currentUserId

  const mutation = useSaveForm({
    save,
    invalidates: ['users'],
    succeeded: t(messages.succeeded),
    failed: t(messages.failed),
    allowLeaving: leave.allowLeaving,
    onSaved: async (id) => {
      // One's own name or address changed: the session (the user menu, every guard) follows.
      if (isSelf) await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      await navigate({ to: '/manager/users/$id', params: { id } })
    },
    setErrors: form.showServerErrors,
  })

  // A role of several (set outside this form) is offered as it is, so saving keeps it.
  const roleOptions = [
    ...roles.map((role) => ({ value: role, label: t(`common:roles.${role}`) })),
    ...(isRole(initial.role) ? [] : [{ value: initial.role, label: roleLabel(t, initial.role) }]),
  ]
  return (
    <FormPage
      form={form}
      heading={heading}
      submit={{ label: t(messages.submit), pending: mutation.isPending }}
    >
      <form.AppField name="name">
        {(field) => <field.TextField label={t('fields.name')} autoComplete="off" required />}
      </form.AppField>
      <form.AppField name="email">
        {(field) => <field.TextField label={t('fields.email')} type="email" autoComplete="off" required />}
      </form.AppField>
      <form.AppField name="role">
        {(field) => (
          <field.Select
            label={t('fields.role')}
            disabled={isSelf}
            hint={isSelf ? t('form.ownRole') : undefined}
            options={roleOptions}
            required
          />
        )}
      </form.AppField>
      {leave.dialog}
    </FormPage>
  )
}
