import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'

import { ensureOrNotFound } from '~/lib/ensure-or-not-found'

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

/** Loads a book for a detail page; an unknown id becomes the route group's 404 page. */
export const loadBookOrNotFound = (queryClient: QueryClient, id: string) =>
  ensureOrNotFound(queryClient, bookQuery(id))
