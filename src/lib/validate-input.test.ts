import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'

import { HttpError } from './http-error'
import { validateInput } from './validate-input'

const validate = validateInput(
  z.object({ title: z.string(), book: z.optional(z.object({ tags: z.array(z.string()) })) }),
)

const refusal = (input: unknown) => {
  try {
    validate(input as never)
    return 'accepted'
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, code: error.code, field: error.field } : error
  }
}

describe('validateInput', () => {
  it('answers 400 naming the first field that fails its schema', () => {
    expect(refusal({ title: 'Dune' })).toBe('accepted')
    expect(refusal({ title: 7 })).toEqual({ status: 400, code: 'VALIDATION_ERROR', field: 'title' })
  })

  it('refuses text with a NUL character in any field, however deep, naming the field', () => {
    expect(refusal({ title: 'Du\0ne' })).toEqual({ status: 400, code: 'VALIDATION_ERROR', field: 'title' })
    expect(refusal({ title: 'Dune', book: { tags: ['a', 'b\0'] } })).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field: 'book',
    })
    expect(refusal({ title: 'Dune', book: { ['ta\0gs']: [] } })).toMatchObject({ status: 400, field: 'book' })
  })
})
