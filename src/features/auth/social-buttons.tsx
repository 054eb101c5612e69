import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { useRootData } from '~/features/root/use-root-data'
import { useBusy } from '~/lib/use-busy'

import { authCall, authErrorKey } from './auth-call'
import { safeRedirect } from './redirect'

/** One button per configured provider, then the OR divider before the e-mail form. */
export function SocialButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation(['auth', 'errors'])
  const { auth } = useRootData()
  const busy = useBusy<string>()
  const [failure, setFailure] = useState<string>()
  if (auth.providers.length === 0) return null

  async function signIn(provider: string) {
    if (!busy.start(provider)) return
    // Return to /login after sign-in, which sends the visitor on, through onboarding if new.
    const callbackURL = `/login${safeRedirect(redirect) ? `?redirect=${encodeURIComponent(redirect)}` : ''}`
    const options = { callbackURL, errorCallbackURL: '/login/error', newUserCallbackURL: callbackURL }
    // Generic OpenID Connect providers use the same endpoint under their own id.
    const { error } = await authCall((client) =>
      client.signIn.social({ provider: provider as 'github', ...options }),
    )
    if (error) {
      busy.done()
      setFailure(authErrorKey(error))
    }
  }

  return (
    <>
      <div className="flex flex-col gap-3">
        {auth.providers.map((provider) => (
          <Button
            key={provider.id}
            variant="outline"
            loading={busy.which === provider.id}
            disabled={busy.pending}
            onClick={() => signIn(provider.id)}
          >
            {t('login.continueWith', { provider: provider.name })}
          </Button>
        ))}
        {failure && (
          <p role="alert" className="text-sm text-destructive-text">
            {t(failure)}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3 text-sm text-muted-foreground" role="separator">
        <span className="h-px flex-1 bg-border" />
        {t('login.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </>
  )
}
