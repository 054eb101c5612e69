import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useRootData } from '~/features/root/use-root-data'

import { authClient, authErrorKey } from './auth-client'
import { sessionQuery } from './guards'
import { homeOf, safeRedirect } from './redirect'
import { fieldErrors, zVerifyForm } from './schema'

export function PageLoginVerify() {
  const { t } = useTranslation(['auth', 'errors'])
  const { email, redirect } = useSearch({ from: '/login/verify/' })
  const { auth } = useRootData()
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zVerifyForm.safeParse({ code: new FormData(event.currentTarget).get('code') })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    setPending(true)
    const { data, error } = await authClient.signIn.emailOtp({ email, otp: parsed.data.code })
    if (error || !data) {
      setPending(false)
      return setErrors({ code: authErrorKey(error) })
    }
    // A fresh session for every guard and screen, then the page that was asked for.
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey })
    await router.invalidate()
    const role = (data.user as { role?: string }).role
    await navigate({ href: safeRedirect(redirect) ?? homeOf(role), replace: true })
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-sm flex-col justify-center gap-6 p-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('verify.title')}</h1>
        <p className="text-neutral-600 dark:text-neutral-400">{t('verify.sentTo', { email })}</p>
      </div>
      <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <Field
          label={t('verify.codeLabel')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={appConfig.auth.codeLength}
          required
          autoFocus
          className="text-center font-mono text-2xl tracking-[0.5em]"
          hint={t('verify.expiresIn', { count: auth.codeExpiryMinutes })}
          error={errors.code && t(errors.code)}
        />
        <Button type="submit" loading={pending}>
          {t('verify.submit')}
        </Button>
      </form>
      <Link to="/login" search={{ redirect }} className="text-sm underline">
        {t('verify.changeEmail')}
      </Link>
    </main>
  )
}
