import { z } from 'zod/mini'

import { limits } from './limits'

/** A list's search term in the address; one that is too long means no search. */
export const zSearchTerm = z._default(
  z.catch(z.string().check(z.trim(), z.maxLength(limits.searchTerm)), ''),
  '',
)

/** A list's search in the address, `?searchTerm=…`, empty by default. */
export const zListSearch = z.object({ searchTerm: zSearchTerm })
export const listSearchDefaults = { searchTerm: '' }

/** The search term in a list's address, for its loader, which gets the raw address. */
export const searchTermOf = (location: { search: unknown }) => zListSearch.parse(location.search).searchTerm
