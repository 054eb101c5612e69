import { showDemoDialogFor } from '~/lib/demo-mode'
import { HttpError, httpStatusOf } from '~/lib/http-error'

import type { AuthClient } from './auth-client'

/**
 * The translation key of an auth error, from its code in the `errors` namespace. better-auth's rate
 * limit answers 429 with no code, so the status is checked too.
 */
export function authErrorKey(error: { code?: string | undefined; status?: number } | null | undefined) {
  if (error?.code) return `errors:${error.code}`
  return error?.status === 429 ? 'errors:TOO_MANY_REQUESTS' : 'errors:UNKNOWN_ERROR'
}

type AuthResult<T> =
  { data: T; error: null } | { data: null; error: { code?: string; status?: number; message?: string } }

let loaded: AuthClient | undefined
let loading: Promise<AuthClient> | undefined
const waiting = new Set<(client: AuthClient) => void>()

/**
 * better-auth's client, loaded on first use so the sign-in page does not download it before the
 * form is sent. A failed load is retried on the next use.
 */
function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    ({ authClient }) => {
      loaded = authClient
      for (const connect of waiting) connect(authClient)
      waiting.clear()
      return authClient
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * Connects to better-auth's client once something else has loaded it; until then it has raised no
 * signal. The returned function disconnects, or cancels a connection not yet made.
 */
export function whenAuthClientLoads(connect: (client: AuthClient) => () => void): () => void {
  let disconnect: (() => void) | undefined
  const start = (client: AuthClient) => {
    disconnect = connect(client)
  }
  if (loaded) start(loaded)
  else waiting.add(start)
  return () => {
    waiting.delete(start)
    disconnect?.()
  }
}

/**
 * Runs a better-auth client call and returns a network failure as a `NETWORK_ERROR` error instead
 * of throwing, so no form is left spinning. A demo refusal also opens the 'Demo mode' dialog.
 */
export async function authCall<T>(
  call: (client: AuthClient) => Promise<AuthResult<T>>,
): Promise<AuthResult<T>> {
  try {
    const result = await call(await loadAuthClient())
    showDemoDialogFor(result.error)
    return result
  } catch (error) {
    // Log it, because a failed chunk load or a changed client API looks like a lost connection.
    console.error(error)
    return { data: null, error: { code: 'NETWORK_ERROR' } }
  }
}

/**
 * A better-auth client call for `useAction`. A refusal is thrown as an HttpError, like a server
 * function's, so the toast shows the reason translated.
 */
export async function authAction<T>(call: (client: AuthClient) => Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await authCall(call)
  if (!error) return data
  throw new HttpError(httpStatusOf(error.status), authErrorKey(error).replace(/^errors:/, ''))
}
