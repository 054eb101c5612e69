import { useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'

import { authClient, authErrorKey } from './auth-client'
import { fieldErrors, zLoginForm } from './schema'

export function PageLogin() {
  const { t } = useTranslation(['auth', 'errors'])
  const navigate = useNavigate()
  const { redirect } = useSearch({ from: '/login/' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zLoginForm.safeParse({ email: new FormData(event.currentTarget).get('email') })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    setPending(true)
    const { error } = await authClient.emailOtp.sendVerificationOtp({
      email: parsed.data.email,
      type: 'sign-in',
    })
    setPending(false)
    if (error) return setErrors({ form: authErrorKey(error) })
    await navigate({ to: '/login/verify', search: { email: parsed.data.email, redirect } })
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-sm flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
      <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <Field
          label={t('login.emailLabel')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t('login.emailPlaceholder')}
          error={errors.email && t(errors.email)}
        />
        {errors.form && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t(errors.form)}
          </p>
        )}
        <Button type="submit" loading={pending}>
          {t('login.continueWithEmail')}
        </Button>
      </form>
    </main>
  )
}
