import { z } from 'zod'

export const zGenreName = z.string().trim().min(1, { error: 'genre.nameRequired' }).max(100)

export const zGenre = z.object({ id: z.string(), name: zGenreName })
export type Genre = z.infer<typeof zGenre>

export const zGenreListInput = z
  .object({ searchTerm: z.string().trim().max(100).default('') })
  .default({ searchTerm: '' })
