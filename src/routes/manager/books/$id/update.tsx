import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { guardPage } from '~/features/auth/guards'
import { PageBookUpdate } from '~/features/book/manager/page-book-update'
import { loadBookOrNotFound } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/books/$id/update')({
  staticData: { namespaces: ['book'] },
  head: titled((book: { title: string }) => book.title),
  beforeLoad: guardPage({ book: ['update'] }),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) => loadBookOrNotFound(context.queryClient, params.id),
  component: function RouteComponent() {
    return <PageBookUpdate id={Route.useParams().id} />
  },
})
