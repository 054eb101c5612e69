import { Link, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { Button } from '~/components/ui/button'
import { useRootData } from '~/features/root/use-root-data'
import { useBusy } from '~/lib/use-busy'

import { authCall, authErrorKey } from './auth-call'
import { Captcha, useCaptcha } from './captcha'
import { CodeForm } from './email-code-input'
import { sendCode } from './send-code'
import { type AuthFailure, useCodeVerification } from './use-code-verification'
import { useContinueSignedIn } from './use-continue-signed-in'
import { codeSentAt } from './code-attempts'
import { useCountdown } from '~/lib/use-countdown'

export function PageLoginVerify() {
  const { t } = useTranslation(['auth', 'errors'])
  const { email, redirect } = useSearch({ from: '/login/verify/' })
  const { auth } = useRootData()
  const captcha = useCaptcha()
  const resendCaptcha = useCaptcha()
  const cooldown = useResendCooldown(email, auth.codeResendSeconds)
  const continueSignedIn = useContinueSignedIn(redirect)
  const verification = useCodeVerification(email, async (otp) => {
    const { data, error } = await authCall((client) =>
      client.signIn.emailOtp({ email, otp }, { headers: captcha.headers() }),
    )
    captcha.reset()
    if (error || !data) return error ?? {}
    await continueSignedIn(data.user as { role?: string })
    return null
  })

  // One request at a time, because a second click would find the captcha token spent.
  const resending = useBusy()
  async function resend() {
    if (!resending.start()) return
    verification.setMessage(undefined)
    const { error } = await sendCode(email, resendCaptcha).finally(resending.done)
    if (error) {
      const retryAfter = (error as AuthFailure).retryAfter
      if (retryAfter) cooldown.start(retryAfter)
      return verification.setMessage(authErrorKey(error))
    }
    verification.newCodeSent(t('verify.resent'))
    cooldown.start(auth.codeResendSeconds)
  }
  const resendButton = (variant: 'primary' | 'outline') => (
    <Button
      variant={variant}
      disabled={cooldown.left !== 0}
      loading={resending.pending}
      onClick={() => void resend()}
    >
      {cooldown.left ? t('verify.resendIn', { count: cooldown.left }) : t('verify.resend')}
    </Button>
  )

  return (
    <AuthLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('verify.title')}</h1>
        <p className="text-muted-foreground">{t('verify.sentTo', { email })}</p>
      </div>
      <CodeForm verification={verification}>
        <Captcha captcha={captcha} />
        {/* A spent code cannot be confirmed: the way on is a new one. */}
        {verification.spent ? (
          resendButton('primary')
        ) : (
          <Button type="submit" loading={verification.busy.pending} disabled={verification.waiting}>
            {t('verify.submit')}
          </Button>
        )}
      </CodeForm>
      <div className="flex flex-col gap-2 text-sm">
        {verification.notice && <p role="status">{verification.notice}</p>}
        <Captcha captcha={resendCaptcha} />
        {!verification.spent && resendButton('outline')}
        <Link to="/login" search={{ redirect }} className="underline">
          {t('verify.changeEmail')}
        </Link>
      </div>
    </AuthLayout>
  )
}

/**
 * Seconds before another code may be asked for, counted from the last code this tab sent to
 * `email`, so a reload keeps counting. None if the tab knows of no code.
 */
function useResendCooldown(email: string, seconds: number) {
  const cooldown = useCountdown()
  const { until } = cooldown
  useEffect(() => {
    const sentAt = codeSentAt(email)
    until(sentAt ? sentAt + seconds * 1000 : Date.now())
  }, [email, seconds, until])
  return cooldown
}
