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

/** The address of a list searched by a term: `?searchTerm=…`, none by default. */
export const zListSearch = z.object({ searchTerm: zSearchTerm })
export const listSearchDefaults = { searchTerm: '' }

/** The term in a list's address, for its loader (which has the address, not its validated search). */
export const searchTermOf = (location: { search: unknown }) => zListSearch.parse(location.search).searchTerm
