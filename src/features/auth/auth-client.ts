import { adminClient, emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

import { appConfig } from '@/app.config'
import { showDemoDialogFor } from '~/lib/demo-mode'

import { ac, rolesPermissions } from './permissions'

/** better-auth's client on this site's own /api/auth, sending the session cookie. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: appConfig.authBasePath,
  fetchOptions: { credentials: 'include' },
  plugins: [emailOTPClient(), adminClient({ ac, roles: rolesPermissions })],
})

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

/**
 * Runs a better-auth client call so that a network failure (which better-fetch throws) comes
 * back like any other error, as `NETWORK_ERROR`: no form is left spinning. A demo's refusal
 * also opens the 'Demo Mode' dialog.
 */
export async function authCall<T>(call: Promise<AuthResult<T>>): Promise<AuthResult<T>> {
  try {
    const result = await call
    showDemoDialogFor(result.error)
    return result
  } catch {
    return { data: null, error: { code: 'NETWORK_ERROR' } }
  }
}
