import { WebAuthnAbortService } from '@simplewebauthn/browser'
import { KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { useBusy } from '~/lib/use-busy'

import { authCall } from './auth-call'
import { failedInBrowser, passkeyErrorKey } from './passkey-error'
import { useContinueSignedIn } from './use-continue-signed-in'

type PasskeyResult = Awaited<ReturnType<typeof signInWithPasskey>>

const signInWithPasskey = (autoFill: boolean) => authCall((client) => client.signIn.passkey({ autoFill }))

/**
 * The 'Sign in with a passkey' button, plus the browser's passkey suggestion in the e-mail field.
 * Either way better-auth checks the passkey with the usual sign-in rules, such as refusing bans.
 */
export function PasskeySignIn({ redirect }: { redirect?: string }) {
  const { t } = useTranslation(['auth', 'errors'])
  const busy = useBusy()
  const [failure, setFailure] = useState<string>()
  const continueSignedIn = useContinueSignedIn(redirect)
  const mounted = useRef(true)

  async function finish({ data, error }: PasskeyResult, autoFill: boolean) {
    if (!mounted.current) return
    if (data && 'user' in data) return continueSignedIn(data.user as { role?: string })
    // The browser's suggestion is the browser's: only a refusal of a passkey the person picked
    // from it (a ban, an unknown passkey) is theirs to read.
    if (autoFill && failedInBrowser(error)) return
    setFailure(error ? passkeyErrorKey(error, 'authentication') : 'errors:AUTHENTICATION_FAILED')
  }

  useEffect(() => {
    mounted.current = true
    const offer = async () => {
      const offers = await window.PublicKeyCredential?.isConditionalMediationAvailable?.().catch(() => false)
      if (offers && mounted.current) await finish(await signInWithPasskey(true), true)
    }
    // A pending passkey request keeps the page out of the back-forward cache, so withdraw it when
    // the page is left and make it again if the cache restores the page.
    const withdraw = () => WebAuthnAbortService.cancelCeremony()
    const renew = (event: PageTransitionEvent) => event.persisted && void offer()
    window.addEventListener('pagehide', withdraw)
    window.addEventListener('pageshow', renew)
    void offer()
    return () => {
      mounted.current = false
      window.removeEventListener('pagehide', withdraw)
      window.removeEventListener('pageshow', renew)
    }
    // Once per visit of the page: the offer stays until it is taken or the page left.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  async function signIn() {
    if (!busy.start()) return
    setFailure(undefined)
    await finish(await signInWithPasskey(false), false)
    busy.done()
  }

  return (
    <>
      <Button variant="outline" icon={KeyRound} loading={busy.pending} onClick={() => void signIn()}>
        {t('login.passkey')}
      </Button>
      {failure && (
        <p role="alert" className="text-sm text-destructive-text">
          {t(failure)}
        </p>
      )}
    </>
  )
}
