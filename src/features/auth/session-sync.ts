import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

import { whenAuthClientLoads } from './auth-call'
import type { AuthClient } from './auth-client'
import { sessionQuery } from './guards'

type SessionSignalSource = Pick<AuthClient, '$store'>

/**
 * Calls `refresh` whenever better-auth's client changes the session, such as on sign-in, sign-out
 * or a profile update. Returns the unsubscribe function.
 */
export function onSessionChange(client: SessionSignalSource, refresh: () => void): () => void {
  // Use the signal's atom, because its `listen` returns the unsubscribe function.
  const signal = client.$store.atoms.$sessionSignal
  if (!signal) return () => {}
  return signal.listen(() => refresh())
}

/**
 * Keeps guards and screens on the current session, so no stale name or role shows after a change.
 * Listening starts when better-auth's client loads, because only it raises the signal.
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
