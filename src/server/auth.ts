/**
 * The better-auth instance at /api/auth: e-mailed codes, passkeys, the admin plugin, optional
 * social and OpenID Connect providers, captcha and rate limits.
 */
import '@tanstack/react-start/server-only'
import { passkey } from '@better-auth/passkey'
import { redisStorage } from '@better-auth/redis-storage'
import { APIError, betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware } from 'better-auth/api'
import { admin, captcha, emailOTP, genericOAuth, openAPI } from 'better-auth/plugins'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { randomBytes } from 'node:crypto'

import { appConfig } from '@/app.config'
import { ac, rolesPermissions } from '~/features/auth/access-control'
import {
  accountDeletionRules,
  DELETE_USER_PATH,
  deleteUserOptions,
} from '~/features/account/account-deletion.server'
import {
  CHANGE_EMAIL_PATH,
  emailChangeRules,
  REQUEST_EMAIL_CHANGE_PATH,
} from '~/features/account/email-change-rules.server'
import { ownAccountRules } from '~/features/account/own-account-rules.server'
import { adminRules } from '~/features/user/admin-rules.server'

import { CLIENT_IP_HEADER } from './client-ip'
import { type CodeLimiter, databaseCodeLimiter, redisCodeLimiter } from './code-limits'
import { database } from './database'
import { demoModeRules } from './demo-mode'
import { type Db, schema } from './db'
import { type CodePurpose, codePurposes, sendCode } from './email'
import { type ServerEnv, serverEnv } from './env'
import { detectLanguage } from './i18n'
import { describeError, logger } from './logger'
import { processWide } from './process-wide'
import { setRequestUser } from './request-context'
import { sessionLifetime } from './session-lifetime'
import { redisClient } from './redis'
import { removeStoredFolder } from './storage/remove'

const SEND_CODE_PATH = '/email-otp/send-verification-otp'
const SIGN_IN_CODE_PATH = '/sign-in/email-otp'
/** The endpoints the captcha guards: asking for a code and signing in with it. */
export const CAPTCHA_PATHS = [SEND_CODE_PATH, SIGN_IN_CODE_PATH]
/** Reading one's own session, which auth-handler.ts answers without the router. */
export const SESSION_PATH = '/get-session'

// Outside production a missing secret is generated for this process.
let generatedSecret: string | undefined
function authSecret(env: ServerEnv) {
  generatedSecret ??= randomBytes(32).toString('base64url')
  return env.AUTH_SECRET ?? generatedSecret
}

export function signUpEnabled(env: ServerEnv) {
  return env.AUTH_SIGNUP_ENABLED && !env.DEMO_MODE
}

/** The social and OpenID Connect providers whose credentials are configured. */
export function configuredProviders(env: ServerEnv) {
  return [
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET ? (['github'] as const) : []),
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? (['google'] as const) : []),
    ...(env.OIDC_DISCOVERY_URL && env.OIDC_CLIENT_ID ? (['oidc'] as const) : []),
  ]
}

export function captchaEnabled(env: ServerEnv) {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY)
}

function socialProviders(env: ServerEnv) {
  const disableSignUp = !signUpEnabled(env)
  const providers = configuredProviders(env)
  return {
    ...(providers.includes('github')
      ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET, disableSignUp } }
      : {}),
    ...(providers.includes('google')
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, disableSignUp } }
      : {}),
  }
}

/** The field naming the address a code goes to, on each endpoint that sends one. */
const codeAddressField: Record<string, string> = {
  [SEND_CODE_PATH]: 'email',
  [REQUEST_EMAIL_CHANGE_PATH]: 'newEmail',
}

/** The address a code-sending endpoint was given, trimmed and lower-cased. */
function addressOf(ctx: { path?: string; body?: unknown }) {
  const field = codeAddressField[ctx.path ?? '']
  const address: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined
  return typeof address === 'string' ? address.trim().toLowerCase() : ''
}

/**
 * Applies the per-address limits before a code is sent, because better-auth's own limits count
 * only per IP and path.
 */
function codeRequestHook(limiter: CodeLimiter | undefined) {
  return createAuthMiddleware(async (ctx) => {
    const email = addressOf(ctx)
    if (!limiter || !email) return
    const verdict = await limiter(email)
    if (!verdict.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: verdict.reason === 'cooldown' ? 'CODE_REQUESTED_TOO_SOON' : 'TOO_MANY_CODE_REQUESTS',
          message:
            verdict.reason === 'cooldown'
              ? 'Wait before asking for another code'
              : 'Too many codes asked for',
          retryAfter: verdict.retryAfterSeconds,
        },
        { 'Retry-After': String(verdict.retryAfterSeconds) },
      )
    }
  })
}

/** Adds the user of an /api/auth request to the log, from the session it read or made. */
const nameRequestUser = createAuthMiddleware(async (ctx) => {
  const found = ctx.context.session ?? ctx.context.newSession
  if (found)
    setRequestUser(found.user.id, (found.session as { impersonatedBy?: string | null }).impersonatedBy)
})

/**
 * A person's picture is only ever one they uploaded, which the upload route records itself: any
 * `image` better-auth would write (a social provider's picture at sign-up, say) is dropped.
 */
const withoutImage = <User extends { image?: string | null }>(user: User) =>
  Promise.resolve({ data: { ...user, image: undefined } })

export function createAuth(db: Db, env: ServerEnv) {
  const codeRule = { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_CODE_MAX }
  const codeLimits = { perHour: env.CODE_LIMIT_PER_HOUR, cooldownSeconds: env.CODE_RESEND_SECONDS }
  const limiter = env.REDIS_URL
    ? redisCodeLimiter(env.REDIS_URL, codeLimits)
    : databaseCodeLimiter(db, codeLimits)
  const signUp = signUpEnabled(env)
  const lifetime = sessionLifetime(env)
  return betterAuth({
    appName: appConfig.productName,
    baseURL: env.BASE_URL,
    basePath: appConfig.authBasePath,
    secret: authSecret(env),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // With Redis, rate limits live there; sessions and codes are also kept in the database.
    ...(env.REDIS_URL
      ? { secondaryStorage: redisStorage({ client: redisClient(env.REDIS_URL), keyPrefix: 'folio:auth:' }) }
      : {}),
    session: lifetime.session,
    verification: { storeInDatabase: true },
    user: {
      additionalFields: { onboardedAt: { type: 'date', required: false, input: false } },
      // One's own account, deleted with a code e-mailed to its address.
      deleteUser: deleteUserOptions(db, env),
    },
    databaseHooks: {
      ...lifetime.databaseHooks,
      user: {
        create: { before: withoutImage },
        update: { before: withoutImage },
        // A person's uploaded picture goes with them, whether they or an administrator deleted them.
        delete: { after: (deleted) => removeStoredFolder(`user/${deleted.id}/`) },
      },
    },
    account: {
      // A social account joins a user with the same e-mail only if the provider has verified the
      // address: GitHub and Google always do, an OpenID provider says so in email_verified.
      accountLinking: { enabled: true, trustedProviders: ['github', 'google'] },
    },
    socialProviders: socialProviders(env),
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      storage: env.REDIS_URL ? 'secondary-storage' : 'database',
      window: env.RATE_LIMIT_WINDOW_SECONDS,
      max: env.RATE_LIMIT_MAX,
      // Requests that send or try a code get the strict rule. Reading one's own session is not
      // counted, as page views are not.
      customRules: {
        [SESSION_PATH]: false,
        [SEND_CODE_PATH]: codeRule,
        [SIGN_IN_CODE_PATH]: codeRule,
        [REQUEST_EMAIL_CHANGE_PATH]: codeRule,
        [CHANGE_EMAIL_PATH]: codeRule,
        [DELETE_USER_PATH]: codeRule,
      },
    },
    advanced: {
      // Read a session and its user in one query.
      database: { joins: true },
      // The auth route puts the client's address here, from the socket or a trusted proxy header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // better-auth's messages go to Folio's log with their request; errors only as `describeError` allows.
    logger: {
      level: env.LOG_LEVEL,
      log: (level, message, ...details: unknown[]) =>
        logger[level](message, {
          ...(details.length > 0 && {
            details: details.map((detail) => (typeof detail === 'string' ? detail : describeError(detail))),
          }),
        }),
    },
    hooks: {
      before: codeRequestHook(env.RATE_LIMIT_ENABLED ? limiter : undefined),
      after: nameRequestUser,
    },
    plugins: [
      emailOTP({
        otpLength: appConfig.auth.codeLength,
        expiresIn: env.AUTH_CODE_EXPIRY_MINUTES * 60,
        allowedAttempts: appConfig.auth.codeAttempts,
        storeOTP: 'hashed',
        resendStrategy: 'rotate',
        disableSignUp: !signUp,
        // A signed-in person confirms a new address with a code sent to it.
        changeEmail: { enabled: true },
        // Not awaited, so the answer's timing does not reveal which addresses have an account. Codes for
        // flows Folio does not offer are never sent.
        sendVerificationOTP({ email, otp, type }, ctx) {
          if (!codePurposes.includes(type as CodePurpose)) return Promise.resolve()
          sendCode(env, {
            to: email,
            code: otp,
            lng: ctx?.request ? detectLanguage(ctx.request) : appConfig.i18n.defaultLanguage,
            purpose: type as CodePurpose,
          }).catch((error: unknown) => logger.error('Code not sent', { to: email, error: String(error) }))
          return Promise.resolve()
        },
      }),
      admin({
        ac,
        roles: rolesPermissions,
        defaultRole: 'user',
        adminRoles: ['admin'],
        impersonationSessionDuration: lifetime.impersonationSeconds,
      }),
      adminRules(),
      accountDeletionRules(db),
      ownAccountRules(),
      // Passkeys belong to BASE_URL's host, and only its origin is accepted.
      passkey({
        rpID: new URL(env.BASE_URL).hostname,
        rpName: appConfig.productName,
        origin: new URL(env.BASE_URL).origin,
      }),
      emailChangeRules(),
      // The schema for the API docs page; better-auth's own page is off because it loads a CDN script.
      openAPI({ disableDefaultReference: true }),
      ...(env.DEMO_MODE ? [demoModeRules()] : []),
      ...(configuredProviders(env).includes('oidc')
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: env.OIDC_DISCOVERY_URL,
                  clientId: env.OIDC_CLIENT_ID,
                  clientSecret: env.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  disableSignUp: !signUp,
                },
              ],
            }),
          ]
        : []),
      ...(captchaEnabled(env)
        ? [
            captcha({
              provider: 'cloudflare-turnstile',
              secretKey: env.TURNSTILE_SECRET_KEY,
              // The plugin's default list covers none of the e-mail code endpoints.
              endpoints: CAPTCHA_PATHS,
              siteVerifyURLOverride: env.TURNSTILE_VERIFY_URL || undefined,
            }),
          ]
        : []),
      lifetime.plugin,
      // Must stay last: it writes better-auth's cookies on TanStack Start responses.
      tanstackStartCookies(),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

const shared = processWide('auth', (): { auth?: Promise<Auth> } => ({}))

export function auth(): Promise<Auth> {
  shared.auth ??= database()
    .then(({ db }) => createAuth(db, serverEnv()))
    .catch((error: unknown) => {
      // Like the database, a failed start is retried by the next request.
      shared.auth = undefined
      throw error
    })
  return shared.auth
}

/**
 * Updates a user's own record through better-auth, which also updates the sessions cached in
 * Redis. A direct table write would leave stale values there until the sessions end.
 */
export async function updateUserRecord(userId: string, fields: { name?: string; onboardedAt?: Date }) {
  const context = await (await auth()).$context
  await context.internalAdapter.updateUser(userId, fields)
}
