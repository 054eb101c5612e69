import { passkeyClient } from '@better-auth/passkey/client'
import { adminClient, emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

import { appConfig } from '@/app.config'

import { ac, rolesPermissions } from './access-control'

/**
 * better-auth's client for this site's /api/auth. Import `authCall` from `./auth-call` instead of
 * this module, so the client loads only when first used.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: appConfig.authBasePath,
  fetchOptions: { credentials: 'include' },
  plugins: [emailOTPClient(), adminClient({ ac, roles: rolesPermissions }), passkeyClient()],
})

export type AuthClient = typeof authClient
