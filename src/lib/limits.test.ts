import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'

import { zNameUpdate } from '~/features/account/schema'
import { zLoginForm } from '~/features/auth/schema'
import { zBookInput } from '~/features/book/schema'
import { zGenreInput } from '~/features/genre/schema'
import { zBanInput, zUserInput } from '~/features/user/schema'

import { limits } from './limits'

/** An address of exactly `length` characters. */
const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`

const book = { title: 'T', author: 'A', genreId: 'g', publisher: '' }
const user = { name: 'Ada', email: 'ada@example.com', role: 'user' }

/** Each limited field, with a valid value of the given length in its schema's input. */
const cases = [
  { field: 'email', max: limits.email, schema: zLoginForm, input: (n: number) => ({ email: address(n) }) },
  {
    field: 'email',
    max: limits.email,
    schema: zUserInput,
    input: (n: number) => ({ ...user, email: address(n) }),
  },
  {
    field: 'name',
    max: limits.name,
    schema: zUserInput,
    input: (n: number) => ({ ...user, name: 'A'.repeat(n) }),
  },
  { field: 'name', max: limits.name, schema: zNameUpdate, input: (n: number) => ({ name: 'A'.repeat(n) }) },
  {
    field: 'title',
    max: limits.title,
    schema: zBookInput,
    input: (n: number) => ({ ...book, title: 'T'.repeat(n) }),
  },
  {
    field: 'author',
    max: limits.author,
    schema: zBookInput,
    input: (n: number) => ({ ...book, author: 'A'.repeat(n) }),
  },
  {
    field: 'publisher',
    max: limits.publisher,
    schema: zBookInput,
    input: (n: number) => ({ ...book, publisher: 'P'.repeat(n) }),
  },
  { field: 'name', max: limits.genre, schema: zGenreInput, input: (n: number) => ({ name: 'G'.repeat(n) }) },
  {
    field: 'reason',
    max: limits.banReason,
    schema: zBanInput,
    input: (n: number) => ({ id: 'u', reason: 'R'.repeat(n) }),
  },
]

describe('every text has a stated maximum, which the same schema checks in the browser and on the server', () => {
  it('an e-mail address is at most 254 characters (RFC 5321)', () => {
    expect(limits.email).toBe(254)
  })

  for (const { field, max, schema, input } of cases)
    it(`${field}: ${max} characters pass, ${max + 1} are refused with 'At most ${max} characters'`, () => {
      expect(z.safeParse(schema, input(max)).success).toBe(true)
      const refused = z.safeParse(schema, input(max + 1))
      expect(refused.success).toBe(false)
      expect(refused.error?.issues[0]).toMatchObject({
        path: [field],
        message: 'common:validation.tooLong',
        maximum: max,
      })
    })
})
