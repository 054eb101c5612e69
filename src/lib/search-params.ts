import { z } from 'zod/mini'

import { limits } from './limits'

/**
 * A list's search term in the address. The router reads `?searchTerm=1984` as a number, so
 * numbers are taken as the text they were; anything unreadable becomes no search.
 */
export const zSearchTerm = z._default(
  z.catch(
    z.pipe(
      z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
      z.string().check(z.trim(), z.maxLength(limits.searchTerm)),
    ),
    '',
  ),
  '',
)
