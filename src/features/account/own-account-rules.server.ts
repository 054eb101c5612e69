import '@tanstack/react-start/server-only'
import { APIError, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

import { authRouteOf, authRoutes } from '~/features/auth/auth-routes'

export const NOT_WHILE_IMPERSONATING = 'NOT_WHILE_IMPERSONATING'

/**
 * What only the person themself may do to their account ('own' routes of the registry: deleting
 * it, adding or removing a passkey): refused to an administrator impersonating them, who would
 * otherwise leave with a way back in (a passkey of their own) or end an account unasked.
 */
export function ownAccountRules(): BetterAuthPlugin {
  return {
    id: 'folio-own-account-rules',
    hooks: {
      before: [
        {
          matcher: (context) => {
            const route = authRouteOf(context.path ?? '')
            return route !== undefined && authRoutes[route].access === 'own'
          },
          handler: createAuthMiddleware(async (ctx) => {
            const caller = await getSessionFromCtx(ctx)
            if ((caller?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy)
              throw new APIError('FORBIDDEN', {
                code: NOT_WHILE_IMPERSONATING,
                message: 'Not while impersonating someone',
              })
          }),
        },
      ],
    },
  }
}
