import { z } from 'zod/mini'

import { HttpError } from './http-error'

/**
 * A server function's validator from a zod schema. It throws an HttpError, so bad input answers
 * 400 naming the first bad field instead of TanStack Start's plain Error.
 */
export function validateInput<Schema extends z.core.$ZodType>(schema: Schema) {
  return (input: z.input<Schema>): z.output<Schema> => {
    const parsed = z.safeParse(schema, input)
    if (parsed.success) return parsed.data
    const field = parsed.error.issues[0]?.path[0]
    throw new HttpError(400, 'VALIDATION_ERROR', field === undefined ? undefined : String(field))
  }
}
