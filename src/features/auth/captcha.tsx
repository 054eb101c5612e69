import type { TurnstileInstance } from '@marsidev/react-turnstile'
import { useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useRootData } from '~/features/root/use-root-data'

// Only a site with a captcha needs the widget's code.
const Turnstile = lazy(() =>
  import('@marsidev/react-turnstile').then(({ Turnstile }) => ({ default: Turnstile })),
)

/** A form's Turnstile state: the token for the next request, and a reset because tokens are single-use. */
export function useCaptcha() {
  const { auth } = useRootData()
  // State setters are stable, so the widget is not re-attached on every render.
  const [widget, setWidget] = useState<TurnstileInstance | null | undefined>(null)
  const [token, setToken] = useState<string>()
  return {
    siteKey: auth.captchaSiteKey,
    setWidget,
    setToken,
    headers: (): Record<string, string> => (token ? { 'x-captcha-response': token } : {}),
    reset() {
      setToken(undefined)
      widget?.reset()
    },
  }
}

export type CaptchaState = ReturnType<typeof useCaptcha>

/** The captcha widget when TURNSTILE_SITE_KEY is configured; otherwise nothing. */
export function Captcha({ captcha }: { captcha: CaptchaState }) {
  const { siteKey, setWidget, setToken } = captcha
  const clear = useCallback(() => setToken(undefined), [setToken])
  const { i18n } = useTranslation()
  const nonce = useRouter().options.ssr?.nonce
  if (!siteKey) return null
  return (
    <Suspense>
      <Turnstile
        ref={setWidget}
        siteKey={siteKey}
        onSuccess={setToken}
        onExpire={clear}
        onError={clear}
        options={{ language: i18n.language as 'en', size: 'flexible' }}
        scriptOptions={{ nonce }}
      />
    </Suspense>
  )
}
