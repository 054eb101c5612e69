import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { PageManagerBooks } from '~/features/book/manager/page-books'
import { booksQuery } from '~/features/book/queries'
import { titled } from '~/lib/page-title'
import { zSearchTerm } from '~/lib/search-params'

const defaults = { searchTerm: '' }

export const Route = createFileRoute('/manager/books/')({
  head: titled('book:list.title'),
  validateSearch: z.object({ searchTerm: zSearchTerm }),
  search: { middlewares: [stripSearchParams(defaults)] },
  loaderDeps: ({ search }) => ({ searchTerm: search.searchTerm }),
  // A term typed on the page (`stay`) is not waited for: the page keeps its list until the new
  // one has come (ListPage), so the search box, its focus and what is typed stay put.
  loader: ({ context, deps, cause }) =>
    cause === 'stay' ? undefined : context.queryClient.ensureInfiniteQueryData(booksQuery(deps.searchTerm)),
  component: PageManagerBooks,
})
