import '@tanstack/react-start/server-only'
import { APIError, BASE_ERROR_CODES, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

/** better-auth's two steps of changing one's e-mail with a code sent to the new address. */
export const REQUEST_EMAIL_CHANGE_PATH = '/email-otp/request-email-change'
export const CHANGE_EMAIL_PATH = '/email-otp/change-email'

/**
 * Folio's rules for changing one's e-mail, on better-auth's own endpoints: an administrator
 * impersonating someone may not change their address, the new address must differ from the
 * current one (both EMAIL_CAN_NOT_BE_UPDATED), and an address another account holds is refused
 * at once (USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL) rather than silently never receiving a code.
 * The caller is signed in, so saying an address is taken tells no stranger anything.
 */
export function emailChangeRules() {
  return {
    id: 'folio-email-change-rules',
    hooks: {
      before: [
        {
          matcher: (context) =>
            context.path === REQUEST_EMAIL_CHANGE_PATH || context.path === CHANGE_EMAIL_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const caller = await getSessionFromCtx(ctx)
            const body = ctx.body as { newEmail?: unknown } | undefined
            // Without a session or an address the endpoint itself refuses.
            if (!caller || typeof body?.newEmail !== 'string') return
            const newEmail = body.newEmail.trim().toLowerCase()
            const impersonated = Boolean(
              (caller.session as { impersonatedBy?: string | null }).impersonatedBy,
            )
            if (impersonated || newEmail === caller.user.email.toLowerCase())
              throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.EMAIL_CAN_NOT_BE_UPDATED)
            if (await ctx.context.internalAdapter.findUserByEmail(newEmail))
              throw APIError.from(
                'UNPROCESSABLE_ENTITY',
                BASE_ERROR_CODES.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL,
              )
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}
