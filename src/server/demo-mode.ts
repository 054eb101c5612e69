import '@tanstack/react-start/server-only'
import { APIError, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'

import { DEMO_MODE_CODE } from '~/lib/demo-mode'

const message = 'This is a read-only demo, this action is disabled.'

/** better-auth endpoints that only read, though they may be POSTed. */
export const postedReads = ['/get-session', '/admin/has-permission']

/** What a demo visitor may still do on /api/auth: ask for a code, sign in and sign out. */
function staysOpen(path: string, method: string, body: unknown) {
  if (path === '/email-otp/send-verification-otp')
    return (body as { type?: unknown } | undefined)?.type === 'sign-in'
  if (/^\/(sign-in\/|sign-out$|callback\/|oauth2\/callback\/|passkey\/verify-authentication$)/.test(path))
    return true
  if (postedReads.includes(path)) return true
  // better-auth's GET endpoints only read, except these two, which act on an e-mailed link.
  return method === 'GET' && !['/verify-email', '/delete-user/callback'].includes(path)
}

/**
 * Demo mode on /api/auth: every writing endpoint except sign-in and sign-out answers 403 DEMO_MODE.
 * Server-side `auth.api` calls come from server functions, which the middleware below covers.
 */
export function demoModeRules(): BetterAuthPlugin {
  return {
    id: 'folio-demo-mode',
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request || staysOpen(ctx.path ?? '', ctx.request.method, ctx.body)) return
            throw new APIError('FORBIDDEN', { code: DEMO_MODE_CODE, message })
          }),
        },
      ],
    },
  }
}
