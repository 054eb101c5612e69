import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

import { whenAuthClientLoads } from './auth-call'
import type { AuthClient } from './auth-client'
import { sessionQuery } from './guards'

type SessionSignalSource = Pick<AuthClient, '$store'>

/**
 * Calls `refresh` whenever better-auth's client changes the session: sign-in, sign-out,
 * update-user, delete-user, verify-email, change-email and session revocations all raise its
 * session signal. Returns the unsubscribe function.
 */
export function onSessionChange(client: SessionSignalSource, refresh: () => void): () => void {
  // The signal's own atom: its `listen` (unlike `$store.listen`) hands back the unsubscribe.
  const signal = client.$store.atoms.$sessionSignal
  if (!signal) return () => {}
  return signal.listen(() => refresh())
}

/**
 * Keeps every guard and screen on the current session: no stale name or role after a change.
 * Only better-auth's client changes the session this way, so listening starts when it loads.
 */
export function useSessionSync() {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(
    () =>
      whenAuthClientLoads((client) =>
        onSessionChange(client, () => {
          void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
          void router.invalidate()
        }),
      ),
    [queryClient, router],
  )
}
