import { createFileRoute } from '@tanstack/react-router'

import { PageBook } from '~/features/book/page-book'
import { loadBookOrNotFound } from '~/features/book/queries'

export const Route = createFileRoute('/app/books/$id/')({
  loader: ({ context, params }) => loadBookOrNotFound(context.queryClient, params.id),
  component: function RouteComponent() {
    const { id } = Route.useParams()
    return <PageBook id={id} backTo="/app/books" />
  },
})
