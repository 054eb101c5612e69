import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { PageBook } from '~/features/book/page-book'
import { loadBookOrNotFound } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/books/$id/')({
  staticData: { namespaces: ['book'], skeleton: 'detail' },
  head: titled((book: { title: string }) => book.title),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) => loadBookOrNotFound(context.queryClient, params.id),
  component: function RouteComponent() {
    const { id } = Route.useParams()
    return <PageBook id={id} backTo="/app/books" />
  },
})
