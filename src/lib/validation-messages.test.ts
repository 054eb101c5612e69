import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'

import { languages } from '@/app.config'

// Every issue code zod 4 reports (its `$ZodIssue` union).
const issueCodes = [
  'invalid_type',
  'invalid_value',
  'invalid_format',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'too_big',
  'too_small',
  'not_multiple_of',
  'unrecognized_keys',
  'custom',
]

describe('zod’s own messages', () => {
  it('are keys of the errors namespace when a rule has no message of its own', () => {
    const issues = z
      .strictObject({ title: z.string().check(z.maxLength(3)), count: z.int(), kind: z.enum(['a', 'b']) })
      .safeParse({ title: 'long', count: 'one', kind: 'c', extra: true }).error?.issues
    expect(issues?.map((issue) => issue.message).sort()).toEqual([
      'errors:validation.invalid_type',
      'errors:validation.invalid_value',
      'errors:validation.too_big',
      'errors:validation.unrecognized_keys',
    ])
    // A rule's own message still wins.
    expect(
      z
        .string()
        .check(z.minLength(1, { error: 'book:validation.titleRequired' }))
        .safeParse('').error?.issues[0]?.message,
    ).toBe('book:validation.titleRequired')
  })

  it.each(languages)('are written in %s for every issue code', (lng) => {
    const messages = JSON.parse(readFileSync(`locales/${lng}/errors.json`, 'utf8')) as {
      validation: Record<string, string>
    }
    expect(issueCodes.filter((code) => !messages.validation[code]?.trim())).toEqual([])
  })
})
