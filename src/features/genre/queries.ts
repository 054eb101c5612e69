import { keepPreviousData, queryOptions } from '@tanstack/react-query'

import { getGenres } from './genre.functions'

export const genresQuery = (searchTerm: string) =>
  queryOptions({
    queryKey: ['genres', 'list', searchTerm],
    queryFn: () => getGenres({ data: { searchTerm } }),
    placeholderData: keepPreviousData,
  })
