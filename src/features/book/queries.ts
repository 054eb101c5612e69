import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'

import { getBookById, getBooks } from './book.functions'

export const booksQuery = (searchTerm: string) =>
  infiniteQueryOptions({
    queryKey: ['books', 'list', searchTerm],
    queryFn: ({ pageParam }) => getBooks({ data: { searchTerm, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

export const bookQuery = (id: string) =>
  queryOptions({
    queryKey: ['books', 'detail', id],
    queryFn: () => getBookById({ data: { id } }),
  })
