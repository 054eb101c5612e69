import '@tanstack/react-start/server-only'
import { APIError, type BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

/** The codes these rules answer with; their texts are in the `errors` namespace. */
export const adminRuleMessages = {
  YOU_CANNOT_BAN_YOURSELF: 'You cannot ban yourself',
  YOU_CANNOT_REMOVE_YOURSELF: 'You cannot remove yourself',
  YOU_CANNOT_CHANGE_YOUR_OWN_ROLE: 'You cannot change your own role',
  YOU_CANNOT_IMPERSONATE_YOURSELF: 'You cannot impersonate yourself',
  YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION: 'You cannot revoke the session you are using',
} as const

function refuse(code: keyof typeof adminRuleMessages): never {
  throw new APIError('BAD_REQUEST', { code, message: adminRuleMessages[code] })
}

/** What a call to one of better-auth's admin endpoints would do, read from its body. */
interface Intent {
  target?: unknown
  role?: unknown
  bans?: boolean
  removes?: boolean
  revokesAll?: boolean
  impersonates?: boolean
  sessionToken?: unknown
}
type Body = Record<string, unknown> & { data?: Record<string, unknown> }

const intents: Record<string, (body: Body) => Intent> = {
  '/admin/set-role': (body) => ({ target: body.userId, role: body.role }),
  '/admin/update-user': (body) => ({
    target: body.userId,
    role: body.data?.role,
    bans: body.data?.banned === true,
  }),
  '/admin/ban-user': (body) => ({ target: body.userId, bans: true }),
  '/admin/remove-user': (body) => ({ target: body.userId, removes: true }),
  '/admin/revoke-user-sessions': (body) => ({ target: body.userId, revokesAll: true }),
  '/admin/revoke-user-session': (body) => ({ sessionToken: body.sessionToken }),
  '/admin/impersonate-user': (body) => ({ target: body.userId, impersonates: true }),
}

const roleOf = (role: unknown) =>
  Array.isArray(role) ? role.join(',') : typeof role === 'string' ? role : undefined

/**
 * Folio's rules for administering users, enforced on better-auth's `/admin/*` endpoints
 * themselves, so they hold for the manager's pages and for any direct HTTP call alike: nobody
 * bans, deletes, impersonates or changes the role of themself, or revokes the session they are
 * using. (That the last administrator stays one is kept by the database: migration 0004.)
 */
export function adminRules() {
  return {
    id: 'folio-admin-rules',
    hooks: {
      before: [
        {
          matcher: (context) => (context.path ?? '') in intents,
          handler: createAuthMiddleware(async (ctx) => {
            const caller = await getSessionFromCtx(ctx)
            // Without a session the endpoint itself answers 401.
            if (!caller) return
            const intent = intents[ctx.path]?.((ctx.body ?? {}) as Body) ?? {}
            const self = intent.target === caller.user.id
            const role = roleOf(intent.role)

            if (intent.sessionToken !== undefined && intent.sessionToken === caller.session.token)
              refuse('YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION')
            if (!self) return
            if (intent.revokesAll) refuse('YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION')
            if (intent.bans) refuse('YOU_CANNOT_BAN_YOURSELF')
            if (intent.removes) refuse('YOU_CANNOT_REMOVE_YOURSELF')
            if (intent.impersonates) refuse('YOU_CANNOT_IMPERSONATE_YOURSELF')
            if (role !== undefined && role !== caller.user.role) refuse('YOU_CANNOT_CHANGE_YOUR_OWN_ROLE')
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}
