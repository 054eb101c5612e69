import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { isRole, roles } from '@/app.config'
import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { SelectField } from '~/components/ui/select-field'
import { sessionQuery } from '~/features/auth/guards'
import { fieldErrors } from '~/features/auth/schema'
import { formValues, useFormChanges } from '~/lib/use-form-changes'
import { useSaveForm } from '~/lib/use-save-form'

import type { UserDetail } from '../queries'
import { roleLabel } from '../role-label'
import { type UserInput, zUserInput } from '../schema'

/**
 * Creates or edits a user: name, e-mail and role, checked here and again on the server with the
 * same schema. Nobody changes their own role: the control is disabled and says why.
 */
export function FormUser({
  user,
  currentUserId,
  save,
  messages,
}: {
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
  const [initial] = useState<UserInput>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'user',
  }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const changes = useFormChanges(initial)
  const leave = useLeaveConfirmation(changes.changed)
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
    setErrors,
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = formValues(event.currentTarget, ['name', 'email', 'role'])
    // A disabled control (one's own role) is not sent with the form: it keeps its value.
    const parsed = zUserInput.safeParse({ ...values, role: isSelf ? initial.role : values.role })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  // A role of several (set outside this form) is offered as it is, so saving keeps it.
  const roleOptions = [
    ...roles.map((role) => ({ value: role, label: t(`roles.${role}`) })),
    ...(isRole(initial.role) ? [] : [{ value: initial.role, label: roleLabel(t, initial.role) }]),
  ]
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : undefined)
  const textField = (name: 'name' | 'email', type: 'text' | 'email') => (
    <Field
      label={t(`fields.${name}`)}
      name={name}
      type={type}
      autoComplete="off"
      required
      defaultValue={initial[name]}
      error={errorOf(name)}
    />
  )
  return (
    <form className="flex max-w-xl flex-col gap-4" noValidate onSubmit={onSubmit} onChange={changes.onChange}>
      {textField('name', 'text')}
      {textField('email', 'email')}
      <SelectField
        label={t('fields.role')}
        name="role"
        defaultValue={initial.role}
        disabled={isSelf}
        hint={isSelf ? t('form.ownRole') : undefined}
        options={roleOptions}
        error={errorOf('role')}
      />
      <div className="flex gap-2">
        <Button type="submit" loading={mutation.isPending}>
          {t(messages.submit)}
        </Button>
      </div>
      {leave.dialog}
    </form>
  )
}
