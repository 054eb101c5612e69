import { createFileRoute } from '@tanstack/react-router'

import { PageBooks } from '~/features/book/app/page-books'
import { bookListRoute } from '~/features/book/list-route'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/books/')({
  staticData: { namespaces: ['book'], skeleton: 'grid' },
  head: titled('book:list.title'),
  ...bookListRoute,
  component: PageBooks,
})
