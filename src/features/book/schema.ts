import { z } from 'zod'

/** Messages are translation keys, namespace included, so any form can show them. */
export const zBookInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'book:validation.titleRequired' })
    .max(300, { error: 'book:validation.tooLong' }),
  author: z
    .string()
    .trim()
    .min(1, { error: 'book:validation.authorRequired' })
    .max(200, { error: 'book:validation.tooLong' }),
  genreId: z.string().trim().min(1, { error: 'book:validation.genreRequired' }),
  publisher: z
    .string()
    .trim()
    .max(200, { error: 'book:validation.tooLong' })
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null),
})
export type BookInput = z.input<typeof zBookInput>
export type BookValues = z.output<typeof zBookInput>

export const zBookId = z.object({ id: z.string().min(1).max(64) })

export const zBookUpdate = zBookId.extend({ book: zBookInput })

export const zBookListInput = z.object({
  searchTerm: z.string().trim().max(100).default(''),
  cursor: z.string().max(500).optional(),
})
export type BookListInput = z.input<typeof zBookListInput>
