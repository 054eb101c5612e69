/**
 * The better-auth instance: e-mailed one-time codes, passkeys, the admin plugin on Folio's access-control
 * table, optional social and OpenID Connect providers, captcha and rate limits. Mounted at /api/auth.
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
import { nameRules } from '~/features/account/name-rules.server'
import { ownAccountRules } from '~/features/account/own-account-rules.server'
import { adminRules } from '~/features/user/admin-rules.server'
import { limits } from '~/lib/limits'

import { CLIENT_IP_HEADER } from './client-ip'
import { type CodeLimiter, databaseCodeLimiter, redisCodeLimiter } from './code-limits'
import { database } from './database'
import { demoModeRules } from './demo-mode'
import { type Db, schema } from './db'
import { type CodePurpose, codePurposes, sendCode } from './email'
import { type ServerEnv, serverEnv } from './env'
import { detectLanguage } from './i18n'
import { describeError, logger } from './logger'
import { setRequestUser } from './request-context'
import { sessionLifetime } from './session-lifetime'
import { redisClient } from './redis'

const SEND_CODE_PATH = '/email-otp/send-verification-otp'
const SIGN_IN_CODE_PATH = '/sign-in/email-otp'
/** The captcha guards asking for a code and signing in with it. */
export const CAPTCHA_PATHS = [SEND_CODE_PATH, SIGN_IN_CODE_PATH]
/** Reading one's own session (answered without better-auth's router, auth-handler.ts). */
export const SESSION_PATH = '/get-session'

// Outside production a missing secret is generated per process (`pnpm dev` writes one to .env).
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

/** The address an endpoint that sends or checks a code is given, trimmed and in lower case. */
function addressOf(ctx: { path?: string; body?: unknown }) {
  const field = { ...codeAddressField, [SIGN_IN_CODE_PATH]: 'email' }[ctx.path ?? '']
  const address: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined
  return typeof address === 'string' ? address.trim().toLowerCase() : ''
}

/**
 * Before a code is sent or tried: an address longer than an e-mail address can be is refused
 * (as the forms refuse it); then, with limits on, the per-address limits on sending codes
 * (better-auth's own limits count per IP and path only).
 */
function codeRequestHook(limiter: CodeLimiter | undefined) {
  return createAuthMiddleware(async (ctx) => {
    const email = addressOf(ctx)
    if (email.length > limits.email)
      throw new APIError('BAD_REQUEST', { code: 'EMAIL_TOO_LONG', message: 'Email is too long' })
    if (!limiter || !email || !codeAddressField[ctx.path ?? '']) return
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

/** Names the user of an /api/auth request in the log: the session it read or the one it made. */
const nameRequestUser = createAuthMiddleware(async (ctx) => {
  const found = ctx.context.session ?? ctx.context.newSession
  if (found)
    setRequestUser(found.user.id, (found.session as { impersonatedBy?: string | null }).impersonatedBy)
})

export function createAuth(db: Db, env: ServerEnv) {
  const codeRule = { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_CODE_MAX }
  const codeLimits = { perHour: env.CODE_LIMIT_PER_HOUR, cooldownSeconds: env.CODE_RESEND_SECONDS }
  const limiter = env.REDIS_URL
    ? redisCodeLimiter(env.REDIS_URL, codeLimits)
    : databaseCodeLimiter(db, codeLimits)
  const signUp = signUpEnabled(env)
  return betterAuth({
    appName: appConfig.productName,
    baseURL: env.BASE_URL,
    basePath: appConfig.authBasePath,
    secret: authSecret(env),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // With Redis, rate limits live there; sessions and codes stay in the database as well.
    ...(env.REDIS_URL
      ? { secondaryStorage: redisStorage({ client: redisClient(env.REDIS_URL), keyPrefix: 'folio:auth:' }) }
      : {}),
    ...sessionLifetime(env),
    verification: { storeInDatabase: true },
    user: {
      additionalFields: { onboardedAt: { type: 'date', required: false, input: false } },
      // One's own account, deleted with a code e-mailed to its address.
      deleteUser: deleteUserOptions(db, env),
    },
    account: {
      // A social account joins an existing user with the same e-mail only when the provider
      // vouches for the address: GitHub and Google always, an OpenID provider by email_verified.
      accountLinking: { enabled: true, trustedProviders: ['github', 'google'] },
    },
    socialProviders: socialProviders(env),
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      storage: env.REDIS_URL ? 'secondary-storage' : 'database',
      window: env.RATE_LIMIT_WINDOW_SECONDS,
      max: env.RATE_LIMIT_MAX,
      // Every request that e-mails a code, or tries one, has the strict rule. Reading one's own
      // session is not counted, as no page view is (auth-handler.ts answers it without the router).
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
      // A session and its user in one query (the relations of db/schema/auth.ts).
      database: { joins: true },
      // The auth route writes the client's address here, from the socket or a trusted proxy header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // better-auth's own messages go to Folio's log, with the request they belong to; of an error,
    // only what `describeError` lets through.
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
        // Not awaited: the answer takes as long whether or not an e-mail goes out, so its timing
        // does not reveal which addresses have an account. Codes for flows Folio does not offer
        // (password reset, separate e-mail verification) are never sent.
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
        impersonationSessionDuration: appConfig.auth.impersonationMinutes * 60,
      }),
      adminRules(),
      accountDeletionRules(db),
      ownAccountRules(),
      // Passkeys for the site at BASE_URL: its host is the relying party, its origin the only one.
      passkey({
        rpID: new URL(env.BASE_URL).hostname,
        rpName: appConfig.productName,
        origin: new URL(env.BASE_URL).origin,
      }),
      emailChangeRules(),
      nameRules(),
      // The schema behind the manager's API Documentation page; its own page loads a CDN script.
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
      // Must stay last: it writes better-auth's cookies on TanStack Start responses.
      tanstackStartCookies(),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

const holder = globalThis as typeof globalThis & { __folioAuth?: Promise<Auth> }

export function auth(): Promise<Auth> {
  holder.__folioAuth ??= database()
    .then(({ db }) => createAuth(db, serverEnv()))
    .catch((error: unknown) => {
      // As the database does: a failed start is tried again by the next request, not kept.
      holder.__folioAuth = undefined
      throw error
    })
  return holder.__folioAuth
}

/**
 * Changes fields of a user's own record (name, onboarding) through better-auth, which also
 * rewrites the copies of their sessions it keeps in Redis; a write straight to the table would
 * leave those showing the old values until the sessions end.
 */
export async function updateUserRecord(userId: string, fields: { name?: string; onboardedAt?: Date }) {
  const context = await (await auth()).$context
  await context.internalAdapter.updateUser(userId, fields)
}
