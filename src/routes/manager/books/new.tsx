import { createFileRoute } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageBookNew } from '~/features/book/manager/page-book-new'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/books/new')({
  staticData: { namespaces: ['book'] },
  head: titled('book:form.newTitle'),
  beforeLoad: guardPage({ book: ['create'] }),
  component: PageBookNew,
})
