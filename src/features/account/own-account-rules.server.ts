import '@tanstack/react-start/server-only'
import { APIError, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

import { type AuthRoute, authRoutes } from '~/features/auth/auth-routes'

export const NOT_WHILE_IMPERSONATING = 'NOT_WHILE_IMPERSONATING'

// Found once: the matcher runs for every request to /api/auth (get-session too). None has a
// parameter, so the path is the route.
const ownPaths = new Set<string>(
  (Object.keys(authRoutes) as AuthRoute[]).filter((route) => authRoutes[route].access === 'own'),
)

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
          matcher: (context) => ownPaths.has(context.path ?? ''),
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
