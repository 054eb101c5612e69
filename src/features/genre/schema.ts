import { z } from 'zod/mini'

import { limits, maxChars } from '~/lib/limits'

/** Messages are translation keys with their namespace, because genres are edited from the book form. */
export const zGenreName = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'book:validation.genreNameRequired' }), maxChars(limits.genre))

export const zGenreInput = z.object({ name: zGenreName })

export const zGenreListInput = z._default(
  z.object({ searchTerm: z._default(z.string().check(z.trim(), maxChars(limits.searchTerm)), '') }),
  { searchTerm: '' },
)
