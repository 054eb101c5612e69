import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { Button } from '~/components/ui/button'
import { useRootData } from '~/features/root/use-root-data'
import { useBusy } from '~/lib/use-busy'

import { authCall, authErrorKey } from './auth-call'
import { Captcha, useCaptcha } from './captcha'
import { EmailCodeInput } from './email-code-input'
import { sessionQuery } from './guards'
import { homeOf, safeRedirect } from './redirect'
import { sendCode } from './send-code'
import { useCodeVerification } from './use-code-verification'

/** Seconds left before another code may be asked for, counting down once a second. */
function useCooldown(seconds: number) {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    restart: (wait = seconds) => {
      setNow(Date.now())
      setUntil(Date.now() + wait * 1000)
    },
  }
}

export function PageLoginVerify() {
  const { t } = useTranslation(['auth', 'errors'])
  const { email, redirect } = useSearch({ from: '/login/verify/' })
  const { auth } = useRootData()
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const captcha = useCaptcha()
  const resendCaptcha = useCaptcha()
  const cooldown = useCooldown(auth.codeResendSeconds)
  const { code, setCode, errors, setErrors, notice, setNotice, busy, verify } = useCodeVerification(
    async (otp) => {
      const { data, error } = await authCall((client) =>
        client.signIn.emailOtp({ email, otp }, { headers: captcha.headers() }),
      )
      captcha.reset()
      if (error || !data) return error ?? {}
      // A fresh session for every guard and screen, then the page that was asked for.
      queryClient.removeQueries({ queryKey: sessionQuery.queryKey })
      await router.invalidate()
      const role = (data.user as { role?: string }).role
      await navigate({ href: safeRedirect(redirect) ?? homeOf(role), replace: true })
      return null
    },
  )

  // One request at a time: a second click would find the captcha's token spent.
  const resending = useBusy()
  async function resend() {
    if (!resending.start()) return
    setErrors({})
    const { error } = await sendCode(email, resendCaptcha).finally(resending.done)
    if (error) {
      const retryAfter = (error as { retryAfter?: number }).retryAfter
      if (retryAfter) cooldown.restart(retryAfter)
      return setErrors({ form: authErrorKey(error) })
    }
    setCode('')
    setNotice(t('verify.resent'))
    cooldown.restart()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void verify(code)
  }

  return (
    <AuthLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('verify.title')}</h1>
        <p className="text-muted-foreground">{t('verify.sentTo', { email })}</p>
      </div>
      <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <EmailCodeInput
          value={code}
          onChange={setCode}
          onComplete={(value) => void verify(value)}
          busy={busy.pending}
          error={errors.code && t(errors.code)}
        />
        <Captcha captcha={captcha} />
        <Button type="submit" loading={busy.pending}>
          {t('verify.submit')}
        </Button>
      </form>
      <div className="flex flex-col gap-2 text-sm">
        {notice && <p role="status">{notice}</p>}
        {errors.form && (
          <p role="alert" className="text-destructive-text">
            {t(errors.form)}
          </p>
        )}
        <Captcha captcha={resendCaptcha} />
        <Button
          variant="outline"
          disabled={cooldown.left > 0}
          loading={resending.pending}
          onClick={() => void resend()}
        >
          {cooldown.left > 0 ? t('verify.resendIn', { count: cooldown.left }) : t('verify.resend')}
        </Button>
        <Link to="/login" search={{ redirect }} className="underline">
          {t('verify.changeEmail')}
        </Link>
      </div>
    </AuthLayout>
  )
}
