import { z } from 'zod'

/** Messages are translation keys, namespace included (genres are edited from the book form). */
export const zGenreName = z
  .string()
  .trim()
  .min(1, { error: 'book:validation.genreNameRequired' })
  .max(100, { error: 'book:validation.tooLong' })

export const zGenreInput = z.object({ name: zGenreName })

export const zGenreListInput = z
  .object({ searchTerm: z.string().trim().max(100).default('') })
  .default({ searchTerm: '' })
