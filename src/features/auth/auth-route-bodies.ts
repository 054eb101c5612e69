import { z } from 'zod/mini'

import { roles } from '@/app.config'
import { zPasskeyName } from '~/features/account/schema'
import { limits, maxChars, noControlCharacters, zId } from '~/lib/limits'

import type { AuthRoute, authRoutes } from './auth-routes'
import { statement } from './permissions'
import { zCode, zEmail, zName } from './schema'

/** Text of at most `max` characters, with no control characters (NUL, line breaks, escapes). */
const zText = (max: number) => z.string().check(maxChars(max), noControlCharacters)

const zProviderToken = zText(limits.providerToken)

/** A path on this site or an http(s) URL; `//host` is refused because browsers read it as another site. */
const zUrl = zText(limits.url).check(
  z.refine((value) => /^\/(?![/\\])/.test(value) || (/^https?:\/\//i.test(value) && URL.canParse(value))),
)

/**
 * Text that must arrive trimmed: the form schemas trim before checking, but better-auth stores the
 * raw value.
 */
const asSent = (schema: z.ZodMiniType<string, string>) =>
  z.pipe(z.string().check(z.refine((text) => text === text.trim())), schema)
const zSentEmail = asSent(zEmail)
const zSentCode = asSent(zCode)
const zSentName = asSent(zName)

/** A passkey's name, by the account page form's rule, without control characters. */
const zPasskeyLabel = z.pipe(zText(limits.name), zPasskeyName.shape.name)

/** One of Folio's roles, or several without repeats. */
const zRole = z.enum(roles)
const zRoles = z.union([
  zRole,
  z.array(zRole).check(
    z.minLength(1),
    z.maxLength(roles.length),
    z.refine((names) => new Set(names).size === names.length),
  ),
])

/** Permissions in the access-control table's terms, such as `{ book: ['create'] }`. */
const actions = [...new Set(Object.values(statement).flat())]
const zPermissions = z.partialRecord(
  z.enum(Object.keys(statement) as [keyof typeof statement]),
  z.array(z.enum(actions)).check(z.maxLength(actions.length)),
)

const zBase64url = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[\w-]*$/))

/**
 * The browser's WebAuthn answer to a passkey registration or sign-in. Every field that is read has
 * a bound; extra fields from the browser are ignored.
 */
const zPasskeyResponse = z.object({
  id: z.optional(zBase64url(limits.passkeyData)),
  rawId: z.optional(zBase64url(limits.passkeyData)),
  type: z.optional(z.literal('public-key')),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.optional(z.record(zText(limits.id), z.unknown())),
  response: z.optional(
    z.object({
      clientDataJSON: z.optional(zBase64url(limits.passkeyData)),
      attestationObject: z.optional(zBase64url(limits.passkeyData)),
      authenticatorData: z.optional(zBase64url(limits.passkeyData)),
      signature: z.optional(zBase64url(limits.passkeyData)),
      userHandle: z.optional(z.nullable(zBase64url(limits.passkeyData))),
      publicKey: z.optional(zBase64url(limits.passkeyData)),
      publicKeyAlgorithm: z.optional(z.int()),
      // WebAuthn names six ways to reach an authenticator.
      transports: z.optional(z.array(zText(limits.id)).check(z.maxLength(10))),
    }),
  ),
})

/** Where a social sign-in returns to; Folio passes nothing else through the provider. */
const socialFlow = {
  provider: zId,
  callbackURL: z.optional(zUrl),
  errorCallbackURL: z.optional(zUrl),
  disableRedirect: z.optional(z.boolean()),
  // Signing in with a token the provider gave the page, as with One Tap.
  idToken: z.optional(
    z.strictObject({
      token: zProviderToken,
      nonce: z.optional(zProviderToken),
      accessToken: z.optional(zProviderToken),
      refreshToken: z.optional(zProviderToken),
      expiresAt: z.optional(z.number()),
    }),
  ),
}

/** A linked provider account, by its id or the one its signed cookie names. */
const zAccountToken = z.strictObject({
  accountId: z.optional(zId),
  userId: z.optional(zId),
  useAccountCookie: z.optional(z.literal(true)),
})

/** The routes Folio serves that take a body: every registry route with POST that is not 'off'. */
type BodyRoute = {
  [Route in AuthRoute]: (typeof authRoutes)[Route] extends { access: 'off' }
    ? never
    : 'POST' extends (typeof authRoutes)[Route]['methods'][number]
      ? Route
      : never
}[AuthRoute]

/**
 * The body schema of each /api/auth route, with a bound on every field, because better-auth's own
 * schemas bound no text. A body that fails answers 400 before better-auth sees it, and unlisted
 * fields are refused unless a provider or browser adds them. No route takes a person's `image`:
 * a picture is set only by uploading it (`/api/uploads/user-picture/<id>`).
 */
export const authRouteBodies = {
  '/email-otp/send-verification-otp': z.strictObject({
    email: zSentEmail,
    type: z.enum(['sign-in', 'email-verification', 'forget-password', 'change-email']),
  }),
  '/sign-in/email-otp': z.strictObject({
    email: zSentEmail,
    otp: zSentCode,
    // A first sign-in may name the new account.
    name: z.optional(zSentName),
  }),
  '/sign-in/social': z.strictObject({ ...socialFlow, newUserCallbackURL: z.optional(zUrl) }),
  // A provider that answers with a form post may add fields of its own.
  '/callback/:id': z.object({
    code: z.optional(zProviderToken),
    state: z.optional(zProviderToken),
    error: z.optional(zProviderToken),
    error_description: z.optional(zProviderToken),
    device_id: z.optional(zProviderToken),
    user: z.optional(zProviderToken),
    iss: z.optional(zProviderToken),
  }),
  '/get-session': z.strictObject({}),
  '/sign-out': z.strictObject({
    callbackURL: z.optional(zUrl),
    disableRedirect: z.optional(z.boolean()),
    state: z.optional(zProviderToken),
  }),
  '/passkey/verify-authentication': z.strictObject({ response: zPasskeyResponse }),
  '/admin/has-permission': z.strictObject({
    userId: z.optional(zId),
    role: z.optional(zRoles),
    permission: z.optional(zPermissions),
    permissions: z.optional(zPermissions),
  }),
  '/update-user': z.strictObject({ name: z.optional(zSentName) }),
  '/update-session': z.strictObject({}),
  '/email-otp/request-email-change': z.strictObject({ newEmail: zSentEmail, otp: z.optional(zSentCode) }),
  '/email-otp/change-email': z.strictObject({ newEmail: zSentEmail, otp: zSentCode }),
  '/passkey/verify-registration': z.strictObject({
    response: zPasskeyResponse,
    name: z.optional(zPasskeyLabel),
    createSession: z.optional(z.boolean()),
  }),
  '/passkey/delete-passkey': z.strictObject({ id: zId }),
  '/passkey/update-passkey': z.strictObject({ id: zId, name: zPasskeyLabel }),
  // The token is the code e-mailed to confirm the deletion.
  '/delete-user': z.strictObject({ callbackURL: z.optional(zUrl), token: z.optional(zSentCode) }),
  '/revoke-session': z.strictObject({ token: zId }),
  '/revoke-sessions': z.strictObject({}),
  '/revoke-other-sessions': z.strictObject({}),
  '/link-social': z.strictObject(socialFlow),
  '/unlink-account': z.strictObject({ accountId: zId }),
  '/get-access-token': zAccountToken,
  '/refresh-token': zAccountToken,
  '/admin/create-user': z.strictObject({ email: zSentEmail, name: zSentName, role: z.optional(zRoles) }),
  '/admin/update-user': z.strictObject({
    userId: zId,
    data: z.strictObject({
      name: z.optional(zSentName),
      email: z.optional(zSentEmail),
      emailVerified: z.optional(z.boolean()),
      role: z.optional(zRoles),
      banned: z.optional(z.boolean()),
      banReason: z.optional(z.nullable(zText(limits.banReason))),
    }),
  }),
  '/admin/set-role': z.strictObject({ userId: zId, role: zRoles }),
  '/admin/ban-user': z.strictObject({
    userId: zId,
    banReason: z.optional(zText(limits.banReason)),
    banExpiresIn: z.optional(z.int().check(z.positive(), z.lte(limits.banSeconds))),
  }),
  '/admin/unban-user': z.strictObject({ userId: zId }),
  '/admin/impersonate-user': z.strictObject({ userId: zId }),
  '/admin/revoke-user-session': z.strictObject({ sessionToken: zId }),
  '/admin/revoke-user-sessions': z.strictObject({ userId: zId }),
  '/admin/remove-user': z.strictObject({ userId: zId }),
  '/admin/stop-impersonating': z.strictObject({}),
} satisfies Record<BodyRoute, z.ZodMiniType>

export type AuthBodyRoute = keyof typeof authRouteBodies
