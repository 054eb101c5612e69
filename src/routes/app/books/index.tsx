import { createFileRoute } from '@tanstack/react-router'

import { PageBooks } from '~/features/book/app/page-books'
import { booksQuery } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/books/')({
  staticData: { namespaces: ['book'], skeleton: 'grid' },
  head: titled('book:list.title'),
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(booksQuery('')),
  component: PageBooks,
})
