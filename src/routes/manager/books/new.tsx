import { createFileRoute } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageBookNew } from '~/features/book/manager/page-book-new'

export const Route = createFileRoute('/manager/books/new')({
  beforeLoad: guardPage({ book: ['create'] }),
  component: PageBookNew,
})
