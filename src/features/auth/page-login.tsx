import { useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useRootData } from '~/features/root/use-root-data'
import { useBusy } from '~/lib/use-busy'

import { authErrorKey } from './auth-call'
import { Captcha, useCaptcha } from './captcha'
import { sendCode } from './send-code'
import { SocialButtons } from './social-buttons'
import { fieldErrors, zLoginForm } from './schema'

export function PageLogin() {
  const { t } = useTranslation(['auth', 'errors'])
  const navigate = useNavigate()
  const { redirect, notice } = useSearch({ from: '/login/' })
  const { auth } = useRootData()
  const captcha = useCaptcha()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = useBusy()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zLoginForm.safeParse({ email: new FormData(event.currentTarget).get('email') })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    if (!busy.start()) return
    const { error } = await sendCode(parsed.data.email, captcha)
    if (error) {
      busy.done()
      return setErrors({ form: authErrorKey(error) })
    }
    // Busy until the code page is up: a click meanwhile would send a second code.
    await navigate({ to: '/login/verify', search: { email: parsed.data.email, redirect } })
  }

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold">
        {t(auth.signUpEnabled ? 'login.titleSignUp' : 'login.title')}
      </h1>
      {notice && (
        <p role="status" className="rounded-md bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          {t(`login.notice.${notice}`)}
        </p>
      )}
      <SocialButtons redirect={redirect} />
      <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <Field
          label={t('login.emailLabel')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
          placeholder={t('login.emailPlaceholder')}
          error={errors.email && t(errors.email)}
        />
        <Captcha captcha={captcha} />
        {errors.form && (
          <p role="alert" className="text-sm text-destructive-text">
            {t(errors.form)}
          </p>
        )}
        <Button type="submit" loading={busy.pending}>
          {t('login.continueWithEmail')}
        </Button>
      </form>
    </AuthLayout>
  )
}
