import type { QueryClient } from '@tanstack/react-query'
import { stripSearchParams } from '@tanstack/react-router'

import { genresQuery } from '~/features/genre/queries'
import { listSearchDefaults, viewOf } from '~/lib/search-params'

import { booksQuery } from './queries'
import { bookList, type BookListView } from './schema'

/**
 * The route options of a page of the books' list, the manager's and the app's: the view in the
 * address, and a loader that warms the view's first page and the genres its filter lists.
 *
 * One match whatever the view (no loaderDeps): a term typed, a sort or a filter chosen on the page
 * (`stay`) is not waited for and brings no pending skeleton, even while the session is checked
 * again, so the search box, its focus and what is typed stay put; the page keeps its rows until
 * the new ones have come (`useListView`).
 */
export const bookListRoute = {
  validateSearch: bookList.address,
  search: { middlewares: [stripSearchParams<BookListView>(listSearchDefaults)] },
  loader: ({
    context,
    location,
    cause,
  }: {
    context: { queryClient: QueryClient }
    location: { search: unknown }
    cause: string
  }) =>
    cause === 'stay'
      ? undefined
      : Promise.all([
          context.queryClient.ensureInfiniteQueryData(booksQuery(viewOf(bookList.address, location))),
          context.queryClient.ensureQueryData(genresQuery('')),
        ]),
}
