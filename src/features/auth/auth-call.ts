import { showDemoDialogFor } from '~/lib/demo-mode'
import { HttpError, httpStatusOf } from '~/lib/http-error'

import type { AuthClient } from './auth-client'

/**
 * The translation key of an auth error: its code in the `errors` namespace (every code
 * better-auth's plugins in use can return has one); better-auth's own rate limit answers 429
 * with no code.
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
 * better-auth's client, its code fetched the first time it is needed (a page that only shows
 * the sign-in form does not download it before the form is sent); fetched again after a failure.
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
 * Connects to better-auth's client once it is loaded (at once if it is), without loading it:
 * until a page calls it, it has made no request and raised no signal. `connect` returns its
 * disconnection; the returned function disconnects, or cancels a connection still to come.
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
 * Runs a better-auth client call so that a network failure (which better-fetch throws, as does
 * loading the client's code) comes back like any other error, as `NETWORK_ERROR`: no form is
 * left spinning. A demo's refusal also opens the 'Demo Mode' dialog.
 */
export async function authCall<T>(
  call: (client: AuthClient) => Promise<AuthResult<T>>,
): Promise<AuthResult<T>> {
  try {
    const result = await call(await loadAuthClient())
    showDemoDialogFor(result.error)
    return result
  } catch (error) {
    // Said in the console too: a failed load of the client's code, or a changed client API,
    // looks the same as a lost connection to the visitor.
    console.error(error)
    return { data: null, error: { code: 'NETWORK_ERROR' } }
  }
}

/**
 * A better-auth client call for `useAction`: its data, or its refusal thrown as the HttpError a
 * server function would throw (status and code), so the toast says why in the visitor's language.
 */
export async function authAction<T>(call: (client: AuthClient) => Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await authCall(call)
  if (!error) return data
  throw new HttpError(httpStatusOf(error.status), authErrorKey(error).replace(/^errors:/, ''))
}
