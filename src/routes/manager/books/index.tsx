import { createFileRoute } from '@tanstack/react-router'

import { PageManagerBooks } from '~/features/book/manager/page-books'
import { bookListRoute } from '~/features/book/list-route'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/books/')({
  staticData: { namespaces: ['book'], skeleton: 'list' },
  head: titled('book:list.title'),
  ...bookListRoute,
  component: PageManagerBooks,
})
