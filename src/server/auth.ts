/**
 * The better-auth instance: e-mailed one-time codes, the admin plugin on Folio's access-control
 * table, optional social providers and rate limits. Mounted at /api/auth.
 */
import '@tanstack/react-start/server-only'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, emailOTP } from 'better-auth/plugins'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { randomBytes } from 'node:crypto'

import { appConfig } from '@/app.config'
import { ac, rolesPermissions } from '~/features/auth/permissions'

import { database } from './database'
import { type Db, schema } from './db'
import { sendLoginCode } from './email'
import { type ServerEnv, serverEnv } from './env'
import { detectLanguage } from './i18n'
import { logger } from './logger'

// Outside production a missing secret is generated per process (`pnpm dev` writes one to .env).
let generatedSecret: string | undefined
function authSecret(env: ServerEnv) {
  generatedSecret ??= randomBytes(32).toString('base64url')
  return env.AUTH_SECRET ?? generatedSecret
}

function socialProviders(env: ServerEnv) {
  return {
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
      ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
      : {}),
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
  }
}

export function createAuth(db: Db, env: ServerEnv) {
  const codeRule = { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_CODE_MAX }
  return betterAuth({
    appName: appConfig.productName,
    baseURL: env.BASE_URL,
    basePath: appConfig.authBasePath,
    secret: authSecret(env),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: { onboardedAt: { type: 'date', required: false, input: false } },
    },
    socialProviders: socialProviders(env),
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      storage: 'database',
      window: env.RATE_LIMIT_WINDOW_SECONDS,
      max: env.RATE_LIMIT_MAX,
      customRules: {
        '/email-otp/send-verification-otp': codeRule,
        '/sign-in/email-otp': codeRule,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: env.TRUSTED_IP_HEADER ? [env.TRUSTED_IP_HEADER] : [] },
    },
    plugins: [
      emailOTP({
        otpLength: appConfig.auth.codeLength,
        expiresIn: env.AUTH_CODE_EXPIRY_MINUTES * 60,
        allowedAttempts: appConfig.auth.codeAttempts,
        storeOTP: 'hashed',
        resendStrategy: 'rotate',
        disableSignUp: !env.AUTH_SIGNUP_ENABLED,
        // Not awaited: the answer takes as long whether or not an e-mail goes out, so its timing
        // does not reveal which addresses have an account.
        sendVerificationOTP({ email, otp }, ctx) {
          sendLoginCode(env, {
            to: email,
            code: otp,
            lng: ctx?.request ? detectLanguage(ctx.request) : appConfig.i18n.defaultLanguage,
          }).catch((error: unknown) =>
            logger.error('Sign-in code not sent', { to: email, error: String(error) }),
          )
          return Promise.resolve()
        },
      }),
      admin({ ac, roles: rolesPermissions, defaultRole: 'user', adminRoles: ['admin'] }),
      // Must stay last: it writes better-auth's cookies on TanStack Start responses.
      tanstackStartCookies(),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

const holder = globalThis as typeof globalThis & { __folioAuth?: Promise<Auth> }

export function auth(): Promise<Auth> {
  holder.__folioAuth ??= database().then(({ db }) => createAuth(db, serverEnv()))
  return holder.__folioAuth
}
