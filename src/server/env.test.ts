import { describe, expect, it } from 'vitest'

import { parseEnv } from './env'

const valid = { NODE_ENV: 'development' }

describe('environment configuration', () => {
  it('says what is wrong in English, even for a rule without a message of its own', () => {
    expect(() => parseEnv({ ...valid, RATE_LIMIT_MAX: '-1' })).toThrow(/^RATE_LIMIT_MAX Too small/)
  })

  it('accepts an empty development environment with safe defaults', () => {
    const env = parseEnv(valid)
    expect(env.BASE_URL).toBe('http://localhost:3000')
    expect(env.DEMO_MODE).toBe(false)
    expect(env.ENV_COLOR).toBe('plum')
    expect(env.AUTH_SIGNUP_ENABLED).toBe(true)
    expect(env.DATABASE_URL).toBe('')
    expect(env.S3_BUCKET).toBe('')
    expect(env.UPLOADS_DIR).toBe('.data/uploads')
  })

  it.each([
    [{ BASE_URL: 'not a url' }, 'BASE_URL must be a valid URL'],
    [{ ENV_EMOJI: 'ab' }, 'ENV_EMOJI must be a single emoji'],
    [{ ENV_EMOJI: '📚📚' }, 'ENV_EMOJI must be a single emoji'],
    [{ DEMO_MODE: 'yes' }, 'DEMO_MODE must be true or false'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ DATABASE_URL: 'nope' }, 'DATABASE_URL must be a valid URL'],
    [{ S3_BUCKET: 'Covers_2' }, 'S3_BUCKET must be a bucket name'],
    [{ AWS_ENDPOINT_URL_S3: 'minio 9000' }, 'AWS_ENDPOINT_URL_S3 must be a valid URL'],
    [{ AUTH_CODE_EXPIRY_MINUTES: '-1' }, 'AUTH_CODE_EXPIRY_MINUTES must be a positive number of minutes'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a positive number of minutes'],
    [{ SESSION_MAX_AGE_MINUTES: 'week' }, 'SESSION_MAX_AGE_MINUTES must be a number of minutes'],
  ])('refuses %o with one line naming the variable and the rule', (values, message) => {
    expect(() => parseEnv({ ...valid, ...values })).toThrow(message)
  })

  it('lets a developer ask for codes without waiting, and keeps the strict limits elsewhere', () => {
    const codeLimits = (env: Record<string, string>) => {
      const { RATE_LIMIT_CODE_MAX, CODE_LIMIT_PER_HOUR, CODE_RESEND_SECONDS } = parseEnv(env)
      return { RATE_LIMIT_CODE_MAX, CODE_LIMIT_PER_HOUR, CODE_RESEND_SECONDS }
    }
    const strict = { RATE_LIMIT_CODE_MAX: 3, CODE_LIMIT_PER_HOUR: 5, CODE_RESEND_SECONDS: 60 }
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://localhost:25',
    }
    expect(codeLimits(production)).toEqual(strict)
    expect(codeLimits({ NODE_ENV: 'test' })).toEqual(strict)
    expect(codeLimits(valid)).toEqual({
      RATE_LIMIT_CODE_MAX: 1000,
      CODE_LIMIT_PER_HOUR: 1000,
      CODE_RESEND_SECONDS: 0,
    })
    // A value set is kept, in development as in production.
    expect(codeLimits({ ...valid, CODE_RESEND_SECONDS: '30' }).CODE_RESEND_SECONDS).toBe(30)
    expect(codeLimits({ ...production, CODE_RESEND_SECONDS: '0' }).CODE_RESEND_SECONDS).toBe(0)
  })

  it('accepts a single emoji, including joined sequences', () => {
    expect(parseEnv({ ...valid, ENV_EMOJI: '📚' }).ENV_EMOJI).toBe('📚')
    expect(parseEnv({ ...valid, ENV_EMOJI: '👩‍💻' }).ENV_EMOJI).toBe('👩‍💻')
  })

  it('requires a secret and SMTP in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:25' })).toThrow(
      'AUTH_SECRET is required in production',
    )
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toThrow(
      'SMTP_URL is required in production',
    )
  })
})
