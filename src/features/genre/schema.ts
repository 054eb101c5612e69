import { z } from 'zod'

/** Messages are translation keys of the `book` namespace (genres are edited from the book form). */
export const zGenreName = z
  .string()
  .trim()
  .min(1, { error: 'validation.genreNameRequired' })
  .max(100, { error: 'validation.tooLong' })

export const zGenreInput = z.object({ name: zGenreName })

export const zGenreListInput = z
  .object({ searchTerm: z.string().trim().max(100).default('') })
  .default({ searchTerm: '' })
