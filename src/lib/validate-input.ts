import { z } from 'zod/mini'

import { HttpError } from './http-error'

/** Whether any text in a value holds a NUL character, which PostgreSQL can neither store nor compare. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item))
}

/**
 * A server function's validator from a zod schema. It throws an HttpError, so bad input answers
 * 400 naming the first bad field instead of TanStack Start's plain Error. Text with a NUL
 * character is refused in any field, whatever its schema says.
 */
export function validateInput<Schema extends z.core.$ZodType>(schema: Schema) {
  return (input: z.input<Schema>): z.output<Schema> => {
    const fields = typeof input === 'object' && input !== null ? Object.entries(input) : []
    const withNul = fields.find(([key, item]) => key.includes('\0') || holdsNul(item))
    if (withNul) throw new HttpError(400, 'VALIDATION_ERROR', withNul[0])
    const parsed = z.safeParse(schema, input)
    if (parsed.success) return parsed.data
    const field = parsed.error.issues[0]?.path[0]
    throw new HttpError(400, 'VALIDATION_ERROR', field === undefined ? undefined : String(field))
  }
}
