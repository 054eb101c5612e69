import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { PageManagerBooks } from '~/features/book/manager/page-books'
import { booksQuery } from '~/features/book/queries'
import { titled } from '~/lib/page-title'
import { listSearchDefaults, searchTermOf, zListSearch } from '~/lib/search-params'

export const Route = createFileRoute('/manager/books/')({
  staticData: { namespaces: ['book'], skeleton: 'list' },
  head: titled('book:list.title'),
  validateSearch: zListSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  // One match whatever the term (no loaderDeps): a term typed on the page (`stay`) is not waited
  // for and brings no pending skeleton, even while the session is checked again, so the search
  // box, its focus and what is typed stay put; the page keeps its list until the new one has come
  // (ListPage).
  loader: ({ context, location, cause }) =>
    cause === 'stay'
      ? undefined
      : context.queryClient.ensureInfiniteQueryData(booksQuery(searchTermOf(location))),
  component: PageManagerBooks,
})
