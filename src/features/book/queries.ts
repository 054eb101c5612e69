import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'

import { ensureOrNotFound } from '~/lib/ensure-or-not-found'

import { getBookById, getBooks } from './book.functions'
import type { BookListView } from './schema'

export const booksQuery = (view: BookListView) =>
  infiniteQueryOptions({
    queryKey: ['books', 'list', view],
    queryFn: ({ pageParam }) => getBooks({ data: { ...view, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

/** The catalogue's newest books first, as the app's home shows them. */
export const newestBooksQuery = booksQuery({ searchTerm: '', sort: 'createdAt', desc: true })

export const bookQuery = (id: string) =>
  queryOptions({
    queryKey: ['books', 'detail', id],
    queryFn: () => getBookById({ data: { id } }),
  })

/** Loads a book for a detail page; an unknown id becomes the route group's 404 page. */
export const loadBookOrNotFound = (queryClient: QueryClient, id: string) =>
  ensureOrNotFound(queryClient, bookQuery(id))

/** A book as the lists show it. */
export type BookRow = Awaited<ReturnType<typeof getBooks>>['items'][number]
