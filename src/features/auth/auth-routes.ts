import type { Permissions } from './permissions'

/**
 * Who may call an /api/auth route: anyone; any live session (401 without one); the person
 * themself ('own': a session that is not an administrator impersonating them, 403 otherwise); a
 * session whose role holds these permissions (403 otherwise); or nobody, because Folio does not
 * offer the flow ('off': answered 404 before better-auth sees it).
 */
export type AuthRouteAccess = 'public' | 'session' | 'own' | 'off' | Permissions

/**
 * Every route better-auth serves under /api/auth with Folio's plugins, with its methods and who
 * may call it. A test fails when better-auth serves a route missing here (after an upgrade, a
 * new plugin), the auth handler refuses the 'off' ones, and the authorization matrix
 * (e2e/authorization.spec.ts) calls every other one as each kind of caller.
 */
export const authRoutes = {
  // Signing in and out: e-mailed codes and social providers.
  '/email-otp/send-verification-otp': { methods: ['POST'], access: 'public' },
  '/sign-in/email-otp': { methods: ['POST'], access: 'public' },
  '/sign-in/social': { methods: ['POST'], access: 'public' },
  '/callback/:id': { methods: ['GET', 'POST'], access: 'public' },
  '/get-session': { methods: ['GET', 'POST'], access: 'public' },
  '/sign-out': { methods: ['POST'], access: 'public' },
  '/ok': { methods: ['GET'], access: 'public' },
  '/error': { methods: ['GET'], access: 'public' },
  // Signing in with a passkey: a challenge, then the browser's answer to it.
  '/passkey/generate-authenticate-options': { methods: ['GET'], access: 'public' },
  '/passkey/verify-authentication': { methods: ['POST'], access: 'public' },

  // One's own account and sessions.
  '/admin/has-permission': { methods: ['POST'], access: 'session' },
  '/update-user': { methods: ['POST'], access: 'session' },
  '/update-session': { methods: ['POST'], access: 'session' },
  '/email-otp/request-email-change': { methods: ['POST'], access: 'session' },
  '/email-otp/change-email': { methods: ['POST'], access: 'session' },
  '/passkey/generate-register-options': { methods: ['GET'], access: 'own' },
  '/passkey/verify-registration': { methods: ['POST'], access: 'own' },
  '/passkey/delete-passkey': { methods: ['POST'], access: 'own' },
  '/passkey/update-passkey': { methods: ['POST'], access: 'own' },
  '/delete-user': { methods: ['POST'], access: 'own' },
  '/revoke-session': { methods: ['POST'], access: 'session' },
  '/revoke-sessions': { methods: ['POST'], access: 'session' },
  '/revoke-other-sessions': { methods: ['POST'], access: 'session' },
  '/list-accounts': { methods: ['GET'], access: 'session' },
  '/account-info': { methods: ['GET'], access: 'session' },
  '/link-social': { methods: ['POST'], access: 'session' },
  '/unlink-account': { methods: ['POST'], access: 'session' },
  '/get-access-token': { methods: ['POST'], access: 'session' },
  '/refresh-token': { methods: ['POST'], access: 'session' },

  // The back office (better-auth's admin plugin on Folio's access-control table).
  '/admin/list-users': { methods: ['GET'], access: { user: ['list'] } },
  '/admin/get-user': { methods: ['GET'], access: { user: ['get'] } },
  '/admin/create-user': { methods: ['POST'], access: { user: ['create'] } },
  '/admin/update-user': { methods: ['POST'], access: { user: ['update'] } },
  '/admin/set-role': { methods: ['POST'], access: { user: ['set-role'] } },
  '/admin/ban-user': { methods: ['POST'], access: { user: ['ban'] } },
  '/admin/unban-user': { methods: ['POST'], access: { user: ['ban'] } },
  '/admin/impersonate-user': { methods: ['POST'], access: { user: ['impersonate'] } },
  '/admin/revoke-user-session': { methods: ['POST'], access: { session: ['revoke'] } },
  '/admin/revoke-user-sessions': { methods: ['POST'], access: { session: ['revoke'] } },
  '/admin/remove-user': { methods: ['POST'], access: { user: ['delete'] } },
  // Ends an impersonation; any other session gets 400 and stays as it was.
  '/admin/stop-impersonating': { methods: ['POST'], access: 'session' },

  // Flows Folio does not offer: passwords, links e-mailed to verify or delete, codes for
  // anything but signing in and changing the address, better-auth's OpenAPI pages (the manager's
  // API Documentation page reads the schema through a server function).
  '/sign-in/email': { methods: ['POST'], access: 'off' },
  // It hands back every session's whole token, with which an admin could act as the user
  // unseen; the back office lists sessions through a server function that shortens them.
  '/admin/list-user-sessions': { methods: ['POST'], access: 'off' },
  // The same for one's own sessions, and an admin impersonating someone is them for it.
  '/list-sessions': { methods: ['GET'], access: 'off' },
  // The account page lists passkeys through a server function, with what a person reads only.
  '/passkey/list-user-passkeys': { methods: ['GET'], access: 'off' },
  '/admin/set-user-password': { methods: ['POST'], access: 'off' },
  // The change of e-mail is by code (/email-otp/*), never by a link.
  '/change-email': { methods: ['POST'], access: 'off' },
  '/sign-up/email': { methods: ['POST'], access: 'off' },
  '/change-password': { methods: ['POST'], access: 'off' },
  '/verify-password': { methods: ['POST'], access: 'off' },
  '/request-password-reset': { methods: ['POST'], access: 'off' },
  '/reset-password': { methods: ['POST'], access: 'off' },
  '/reset-password/:token': { methods: ['GET'], access: 'off' },
  '/email-otp/request-password-reset': { methods: ['POST'], access: 'off' },
  '/forget-password/email-otp': { methods: ['POST'], access: 'off' },
  '/email-otp/reset-password': { methods: ['POST'], access: 'off' },
  '/email-otp/check-verification-otp': { methods: ['POST'], access: 'off' },
  '/email-otp/verify-email': { methods: ['POST'], access: 'off' },
  '/send-verification-email': { methods: ['POST'], access: 'off' },
  '/verify-email': { methods: ['GET'], access: 'off' },
  '/delete-user/callback': { methods: ['GET'], access: 'off' },
  '/open-api/generate-schema': { methods: ['GET'], access: 'off' },
  '/reference': { methods: ['GET'], access: 'off' },
} as const satisfies Record<string, { methods: ReadonlyArray<'GET' | 'POST'>; access: AuthRouteAccess }>

export type AuthRoute = keyof typeof authRoutes

const patterns = Object.keys(authRoutes).map((route) => ({
  route: route as AuthRoute,
  pattern: new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}/?$`, 'i'),
}))

/** The registry's route for a path under /api/auth (`/callback/github` → `/callback/:id`). */
export function authRouteOf(path: string): AuthRoute | undefined {
  return patterns.find(({ pattern }) => pattern.test(path))?.route
}

/** Whether Folio serves this path under /api/auth: a route of the registry not marked 'off'. */
export function isOfferedAuthPath(path: string) {
  const route = authRouteOf(path)
  return route !== undefined && authRoutes[route].access !== 'off'
}
