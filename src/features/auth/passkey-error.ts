import { authErrorKey } from './auth-call'

/** What the browser answers when the person closes its passkey dialog or lets it time out. */
const cancelled = new Set([
  'AUTH_CANCELLED',
  'ERROR_CEREMONY_ABORTED',
  'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
])

/**
 * The message of a failed passkey ceremony: better-auth's refusals by their code; the browser's
 * own (SimpleWebAuthn's `ERROR_*` codes) as a cancellation, a passkey already on this device, or
 * a failure of the whole step.
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
