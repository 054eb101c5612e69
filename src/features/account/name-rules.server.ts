import '@tanstack/react-start/server-only'
import { APIError, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'

import { zName } from '~/features/auth/schema'

/** Where better-auth's own endpoints take a person's name. */
const nameOf: Record<string, (body: Record<string, unknown>) => unknown> = {
  // A first sign-in may name the new account.
  '/sign-in/email-otp': (body) => body.name,
  '/update-user': (body) => body.name,
  '/admin/create-user': (body) => body.name,
  '/admin/update-user': (body) => (body.data as Record<string, unknown> | undefined)?.name,
}

/**
 * A name given through better-auth's endpoints follows the rule of Folio's forms (`zName`), as
 * the forms would send it (already trimmed: better-auth stores the body as it comes), so calling
 * the API directly does not get around it: 400 VALIDATION_ERROR otherwise. (A name a social
 * provider vouches for is stored as it comes, until onboarding; pages show it as text.)
 */
export function nameRules() {
  return {
    id: 'folio-name-rules',
    hooks: {
      before: [
        {
          matcher: (context) => Boolean(context.path && Object.hasOwn(nameOf, context.path)),
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as Record<string, unknown> | undefined
            const name = body && ctx.path ? nameOf[ctx.path]?.(body) : undefined
            if (name === undefined) return
            const parsed = zName.safeParse(name)
            if (!parsed.success || parsed.data !== name)
              throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'Name is invalid' })
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}
