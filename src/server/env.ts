/**
 * Server-only configuration: the public settings of `app.config.ts` plus every secret, read from
 * the environment once and validated with zod. Nothing here may be imported by browser code.
 */
import '@tanstack/react-start/server-only'
import { z } from 'zod'

import { appConfig, type PublicEnv, zPublicEnv } from '@/app.config'

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true')

// Fractions are allowed: tests shorten lifetimes to seconds rather than wait.
const minutes = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a number of minutes' })
    .positive({ error: 'must be a positive number of minutes' })
    .default(defaultValue)

const optionalUrl = z.union([z.literal(''), z.url({ error: 'must be a valid URL' })]).default('')

const zVariables = z.object({
  ...zPublicEnv.shape,
  // A production build is production unless told otherwise; vitest and scripts are not.
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default(import.meta.env?.PROD ? 'production' : 'development'),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' })
    .default('info'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65_535).default(3000),
  DATABASE_URL: optionalUrl,
  PGLITE_DIR: z.string().min(1).default('.data/pglite'),
  REDIS_URL: optionalUrl,
  // Uploaded files go to this S3 bucket when it is set (the SDK reads AWS_REGION and the keys
  // itself), else to the folder UPLOADS_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^(|[a-z0-9][a-z0-9.-]{1,61}[a-z0-9])$/, {
      error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .default(''),
  // A compatible service's address (MinIO, R2...), read by the SDK too; it turns on path-style addressing.
  AWS_ENDPOINT_URL_S3: optionalUrl,
  UPLOADS_DIR: z.string().min(1).default('.data/uploads'),
  SMTP_URL: optionalUrl,
  EMAIL_FROM: z.string().min(3).default('Folio <no-reply@folio.localhost>'),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  AUTH_CODE_EXPIRY_MINUTES: minutes(appConfig.auth.defaultCodeExpiryMinutes),
  SESSION_IDLE_MINUTES: minutes(appConfig.auth.defaultSessionIdleMinutes),
  SESSION_MAX_AGE_MINUTES: minutes(appConfig.auth.defaultSessionMaxAgeMinutes),
  AUTH_SIGNUP_ENABLED: booleanFlag(true),
  RATE_LIMIT_ENABLED: booleanFlag(true),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(100),
  // Their defaults depend on NODE_ENV (`codeLimitDefaults`).
  RATE_LIMIT_CODE_MAX: z.coerce.number().int().positive().optional(),
  CODE_LIMIT_PER_HOUR: z.coerce.number().int().positive().optional(),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(0).optional(),
  // Pictures one person, and one address, may upload in an hour (off with RATE_LIMIT_ENABLED).
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  // A stored picture nothing records is removed once it is this old (an upload cut short).
  UPLOADS_ORPHAN_MINUTES: minutes(60),
  TRUSTED_IP_HEADER: z.string().default(''),
  // Days the activity log keeps an entry.
  AUDIT_RETENTION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().positive().default(365),
  // Prometheus metrics at /metrics, only for a request that sends this as its bearer token.
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  // Or at /metrics on this port alone, with no token, for a scraper inside a private network.
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65_535).optional(),
  // OpenTelemetry traces go there over OTLP/HTTP (server/tracing.ts); unset, none are made.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().min(1).default('folio'),
  // Pages rendered at once (server/render-queue.ts); unset, 2 for each core.
  RENDER_SLOTS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(256).optional(),
  GITHUB_CLIENT_ID: z.string().default(''),
  GITHUB_CLIENT_SECRET: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  OIDC_DISCOVERY_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().default(''),
  OIDC_CLIENT_SECRET: z.string().default(''),
  OIDC_PROVIDER_NAME: z.string().default('OpenID Connect'),
  TURNSTILE_VERIFY_URL: optionalUrl,
  TURNSTILE_SECRET_KEY: z.string().default(''),
})

/**
 * The limits on asking for codes when they are not set: strict everywhere but in development,
 * where a person trying the sign-in asks again at once, as often as they like.
 */
const codeLimitDefaults = {
  production: { RATE_LIMIT_CODE_MAX: 3, CODE_LIMIT_PER_HOUR: 5, CODE_RESEND_SECONDS: 60 },
  development: { RATE_LIMIT_CODE_MAX: 1000, CODE_LIMIT_PER_HOUR: 1000, CODE_RESEND_SECONDS: 0 },
}

export const zServerEnv = zVariables.transform(
  ({ RATE_LIMIT_CODE_MAX, CODE_LIMIT_PER_HOUR, CODE_RESEND_SECONDS, ...env }) => {
    const defaults = codeLimitDefaults[env.NODE_ENV === 'development' ? 'development' : 'production']
    return {
      ...env,
      RATE_LIMIT_CODE_MAX: RATE_LIMIT_CODE_MAX ?? defaults.RATE_LIMIT_CODE_MAX,
      CODE_LIMIT_PER_HOUR: CODE_LIMIT_PER_HOUR ?? defaults.CODE_LIMIT_PER_HOUR,
      CODE_RESEND_SECONDS: CODE_RESEND_SECONDS ?? defaults.CODE_RESEND_SECONDS,
    }
  },
)
export type ServerEnv = z.output<typeof zServerEnv>

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Parses an environment; the first problem becomes one line naming the variable and the rule. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // Operators read these in English, whatever the forms' messages are.
  const result = zServerEnv.safeParse(source, { error: z.locales.en().localeError })
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new EnvError(`${issue?.path.join('.') ?? 'environment'} ${issue?.message ?? 'is invalid'}`)
  }
  const env = result.data
  if (env.NODE_ENV === 'production') {
    if (!env.AUTH_SECRET) throw new EnvError('AUTH_SECRET is required in production')
    if (!env.SMTP_URL) throw new EnvError('SMTP_URL is required in production')
  }
  return env
}

let cached: ServerEnv | undefined

/** The validated environment of this process; stops the process on the first invalid value. */
export function serverEnv(): ServerEnv {
  if (cached) return cached
  try {
    cached = parseEnv(process.env)
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(`Invalid configuration: ${error.message}`)
    process.exit(1)
  }
  return cached
}

/** The browser-safe part of the configuration, exactly the keys of `zPublicEnv`. */
export function publicEnv(): PublicEnv {
  const env = serverEnv()
  return Object.fromEntries(
    (Object.keys(zPublicEnv.shape) as Array<keyof PublicEnv>).map((key) => [key, env[key]]),
  ) as PublicEnv
}
