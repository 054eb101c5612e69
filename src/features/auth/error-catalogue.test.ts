import { PASSKEY_ERROR_CODES } from '@better-auth/passkey'
import { BASE_ERROR_CODES } from 'better-auth'
import {
  ADMIN_ERROR_CODES,
  EMAIL_OTP_ERROR_CODES,
  ORGANIZATION_ERROR_CODES,
} from 'better-auth/client/plugins'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import { languages } from '@/app.config'
import { NOT_WHILE_IMPERSONATING } from '~/features/account/own-account-rules.server'
import { adminRuleMessages } from '~/features/user/admin-rules.server'
import { DEMO_MODE_CODE } from '~/lib/demo-mode'

/** Error codes Folio itself returns (server functions, per-address limits, bans). */
const folioCodes = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'UNKNOWN_ERROR',
  'TOO_MANY_REQUESTS',
  'CODE_REQUESTED_TOO_SOON',
  'TOO_MANY_CODE_REQUESTS',
  'BANNED_USER',
  'NOT_AUTHORIZED',
  'RESOURCE_NOT_ALLOWED',
  'RESOURCE_UNAUTHORIZED',
  'INVALID_BASE_URL',
  'NETWORK_ERROR',
  'VALIDATION_ERROR',
  'INVALID_CURSOR',
  'SESSION_NOT_FOUND',
  'THE_LAST_ADMIN_MUST_STAY',
  NOT_WHILE_IMPERSONATING,
  DEMO_MODE_CODE,
  ...Object.keys(adminRuleMessages),
]
// better-auth does not export these two plugins' codes; they are copied from its sources.
const captchaCodes = ['VERIFICATION_FAILED', 'MISSING_RESPONSE', 'SERVICE_UNAVAILABLE', 'MISSING_SECRET_KEY']
const genericOAuthCodes = ['INVALID_OAUTH_CONFIGURATION', 'TOKEN_URL_NOT_FOUND']

const everyCode = [
  ...Object.keys(BASE_ERROR_CODES),
  ...Object.keys(ADMIN_ERROR_CODES),
  ...Object.keys(EMAIL_OTP_ERROR_CODES),
  ...Object.keys(PASSKEY_ERROR_CODES),
  // Folio does not use the organization plugin, so its codes only need messages.
  ...Object.keys(ORGANIZATION_ERROR_CODES),
  ...captchaCodes,
  ...genericOAuthCodes,
  ...folioCodes,
]

describe('the error catalogue', () => {
  it.each(languages)('has a message for every error code in %s', (lng) => {
    const read = (ns: string) =>
      JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Record<string, string>
    // Texts only signed-in pages show, and organization codes, are in namespaces of their own.
    const messages = { ...read('errors'), ...read('errors-signed-in'), ...read('errors-organization') }
    const missing = everyCode.filter((code) => !messages[code]?.trim())
    expect(missing).toEqual([])
  })

  it.each(languages)(
    'has, in the errors every page carries, each one the sign-in pages may show, in %s',
    (lng) => {
      const messages = JSON.parse(readFileSync(`locales/${lng}/errors.json`, 'utf8')) as Record<
        string,
        string
      >
      const signInCodes = [
        ...Object.keys(BASE_ERROR_CODES),
        ...Object.keys(EMAIL_OTP_ERROR_CODES),
        ...Object.keys(PASSKEY_ERROR_CODES),
        ...captchaCodes,
        ...genericOAuthCodes,
        'BANNED_USER',
        'UNKNOWN_ERROR',
        'NETWORK_ERROR',
        'TOO_MANY_REQUESTS',
        'CODE_REQUESTED_TOO_SOON',
        'TOO_MANY_CODE_REQUESTS',
        'DATABASE_UNAVAILABLE',
        DEMO_MODE_CODE,
      ]
      expect(signInCodes.filter((code) => !messages[code]?.trim())).toEqual([])
    },
  )

  it('covers every code of the error catalogue', () => {
    for (const code of [
      'SESSION_EXPIRED',
      'FAILED_TO_UNLINK_LAST_ACCOUNT',
      'OTP_EXPIRED',
      'INVALID_OTP',
      'YOU_CANNOT_BAN_YOURSELF',
    ]) {
      expect(everyCode).toContain(code)
    }
  })
})
