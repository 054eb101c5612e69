import { z } from 'zod/mini'

import { HttpError } from './http-error'

/**
 * A server function's validator from the entity's zod schema. TanStack Start reports a failed
 * schema as a plain Error; this one throws an HttpError instead, so bad input answers
 * 400 VALIDATION_ERROR naming the first offending field, and the handler never runs.
 */
export function validateInput<Schema extends z.core.$ZodType>(schema: Schema) {
  return (input: z.input<Schema>): z.output<Schema> => {
    const parsed = z.safeParse(schema, input)
    if (parsed.success) return parsed.data
    const field = parsed.error.issues[0]?.path[0]
    throw new HttpError(400, 'VALIDATION_ERROR', field === undefined ? undefined : String(field))
  }
}
