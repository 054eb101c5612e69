import { createFileRoute } from '@tanstack/react-router'

import { PageBooks } from '~/features/book/app/page-books'
import { booksQuery } from '~/features/book/queries'

export const Route = createFileRoute('/app/books/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(booksQuery('')),
  component: PageBooks,
})
