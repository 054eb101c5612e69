import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { roles } from '@/app.config'
import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { Button } from '~/components/ui/button'
import { Field, SelectField } from '~/components/ui/field'
import { fieldErrors } from '~/features/auth/schema'
import { useSaveForm } from '~/lib/use-save-form'

import type { UserDetail } from '../queries'
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
  const [initial] = useState<UserInput>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: (user?.role as UserInput['role'] | undefined) ?? 'user',
  }))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const leave = useLeaveConfirmation(JSON.stringify(values) !== JSON.stringify(initial))
  const isSelf = user?.id === currentUserId

  const mutation = useSaveForm({
    save,
    invalidates: ['users'],
    succeeded: t(messages.succeeded),
    failed: t(messages.failed),
    allowLeaving: leave.allowLeaving,
    onSaved: (id) => navigate({ to: '/manager/users/$id', params: { id } }),
    setErrors,
  })

  function set<K extends keyof UserInput>(key: K, value: UserInput[K]) {
    setValues((current) => ({ ...current, [key]: value }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zUserInput.safeParse(values)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : undefined)
  const textField = (name: 'name' | 'email', type: 'text' | 'email') => (
    <Field
      label={t(`fields.${name}`)}
      name={name}
      type={type}
      autoComplete="off"
      required
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={errorOf(name)}
    />
  )
  return (
    <form className="flex max-w-xl flex-col gap-4" noValidate onSubmit={onSubmit}>
      {textField('name', 'text')}
      {textField('email', 'email')}
      <SelectField
        label={t('fields.role')}
        name="role"
        value={values.role}
        disabled={isSelf}
        hint={isSelf ? t('form.ownRole') : undefined}
        onChange={(event) => set('role', event.target.value as UserInput['role'])}
        options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
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
