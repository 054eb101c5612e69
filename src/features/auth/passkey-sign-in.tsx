import { WebAuthnAbortService } from '@simplewebauthn/browser'
import { KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { useBusy } from '~/lib/use-busy'

import { authCall } from './auth-call'
import { passkeyErrorKey } from './passkey-error'
import { useContinueSignedIn } from './use-continue-signed-in'

type PasskeyResult = Awaited<ReturnType<typeof signInWithPasskey>>

const signInWithPasskey = (autoFill: boolean) => authCall((client) => client.signIn.passkey({ autoFill }))

/**
 * 'Sign in with a passkey', and the browser's own offer of a passkey in the e-mail field's
 * suggestions where it makes one (conditional mediation: the field is marked `webauthn`). Either
 * way better-auth checks the passkey and makes the session, with the rules of every sign-in (a
 * banned person is refused); then the page continues as after a code.
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
    const key = error ? passkeyErrorKey(error, 'authentication') : 'errors:AUTHENTICATION_FAILED'
    // The suggestion not taken (or given up for the button) is no failure to report.
    if (!(autoFill && key === 'errors:AUTH_CANCELLED')) setFailure(key)
  }

  useEffect(() => {
    mounted.current = true
    const offer = async () => {
      const offers = await window.PublicKeyCredential?.isConditionalMediationAvailable?.().catch(() => false)
      if (offers && mounted.current) await finish(await signInWithPasskey(true), true)
    }
    // A pending request for a passkey keeps the browser from caching the page as it is left, and
    // Back would load it again: the offer is withdrawn as the page goes, and made again if the
    // cache brings the page back.
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
