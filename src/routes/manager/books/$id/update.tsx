import { createFileRoute } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageBookUpdate } from '~/features/book/manager/page-book-update'
import { loadBookOrNotFound } from '~/features/book/queries'

export const Route = createFileRoute('/manager/books/$id/update')({
  beforeLoad: guardPage({ book: ['update'] }),
  loader: ({ context, params }) => loadBookOrNotFound(context.queryClient, params.id),
  component: function RouteComponent() {
    return <PageBookUpdate id={Route.useParams().id} />
  },
})
