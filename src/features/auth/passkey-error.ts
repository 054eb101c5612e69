import { authErrorKey } from './auth-call'

/** The browser's error when the person closes the passkey dialog or lets it time out. */
const cancelled = new Set([
  'AUTH_CANCELLED',
  'ERROR_CEREMONY_ABORTED',
  'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
])

/**
 * The message for a failed passkey step: better-auth's refusals by code, and browser errors as a
 * cancellation, a passkey already on this device, or a general failure.
 */
export function passkeyErrorKey(
  error: { code?: string | undefined; status?: number },
  ceremony: 'registration' | 'authentication',
) {
  const code = error.code ?? ''
  if (cancelled.has(code))
    return ceremony === 'registration' ? 'errors:REGISTRATION_CANCELLED' : 'errors:AUTH_CANCELLED'
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'errors:PREVIOUSLY_REGISTERED'
  if (code.startsWith('ERROR_'))
    return ceremony === 'registration'
      ? 'errors:FAILED_TO_VERIFY_REGISTRATION'
      : 'errors:AUTHENTICATION_FAILED'
  return authErrorKey(error)
}

/**
 * Whether a passkey step failed in the browser (the ceremony itself), not at the server. The
 * browser's own suggestion can fail so without the person asking for anything, for instance on
 * an address that is not the site's passkey domain.
 */
export function failedInBrowser(error: { code?: string | undefined } | null | undefined) {
  const code = error?.code ?? ''
  return !error || cancelled.has(code) || code.startsWith('ERROR_')
}
