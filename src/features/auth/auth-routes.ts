import type { Permissions } from './permissions'

/**
 * Who may call an /api/auth route: anyone, any session, the person themself ('own', not an
 * impersonating admin), a role with these permissions, or nobody ('off', answered 404).
 */
export type AuthRouteAccess = 'public' | 'session' | 'own' | 'off' | Permissions

/**
 * Every route better-auth serves under /api/auth, with its methods and who may call it. A test
 * fails if better-auth serves a route missing here, such as after an upgrade.
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
  // Signing in with a passkey: a challenge, then the browser's answer.
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

  // The back office, through better-auth's admin plugin.
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
  // Ends an impersonation; any other session gets 400 and is unchanged.
  '/admin/stop-impersonating': { methods: ['POST'], access: 'session' },

  // Flows Folio does not offer: passwords, e-mailed links, codes for anything but sign-in and
  // address change, and better-auth's OpenAPI pages (the API docs page uses a server function).
  '/sign-in/email': { methods: ['POST'], access: 'off' },
  // Off because it returns full session tokens, which would let an admin act as the user unseen.
  // The back office lists sessions through a server function that shortens them.
  '/admin/list-user-sessions': { methods: ['POST'], access: 'off' },
  // The same for one's own sessions, since an impersonating admin counts as the user here.
  '/list-sessions': { methods: ['GET'], access: 'off' },
  // The account page lists passkeys through a server function that returns only readable fields.
  '/passkey/list-user-passkeys': { methods: ['GET'], access: 'off' },
  '/admin/set-user-password': { methods: ['POST'], access: 'off' },
  // E-mail changes use a code (/email-otp/*), never a link.
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

/** The registry route for a path under /api/auth, such as `/callback/github` → `/callback/:id`. */
export function authRouteOf(path: string): AuthRoute | undefined {
  return patterns.find(({ pattern }) => pattern.test(path))?.route
}

/** Whether Folio serves this path under /api/auth: a registry route not marked 'off'. */
export function isOfferedAuthPath(path: string) {
  const route = authRouteOf(path)
  return route !== undefined && authRoutes[route].access !== 'off'
}
