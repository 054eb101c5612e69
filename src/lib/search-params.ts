import { z } from 'zod'

/**
 * A list's search term in the address. The router reads `?searchTerm=1984` as a number, so
 * numbers are taken as the text they were; anything unreadable becomes no search.
 */
export const zSearchTerm = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().trim().max(100))
  .catch('')
  .default('')
