import { passkeyClient } from '@better-auth/passkey/client'
import { adminClient, emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

import { appConfig } from '@/app.config'

import { ac, rolesPermissions } from './access-control'

/**
 * better-auth's client on this site's own /api/auth, sending the session cookie. Its code is
 * loaded only when a page first calls it: import `authCall` from `./auth-call`, not this module.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: appConfig.authBasePath,
  fetchOptions: { credentials: 'include' },
  plugins: [emailOTPClient(), adminClient({ ac, roles: rolesPermissions }), passkeyClient()],
})

export type AuthClient = typeof authClient
