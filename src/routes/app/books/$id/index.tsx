import { createFileRoute, notFound } from '@tanstack/react-router'

import { PageBook } from '~/features/book/app/page-book'
import { bookQuery } from '~/features/book/queries'
import { isHttpError } from '~/lib/http-error'

export const Route = createFileRoute('/app/books/$id/')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(bookQuery(params.id))
    } catch (error) {
      // An unknown id answers 404 with the group's not-found page.
      if (isHttpError(error, 404)) throw notFound()
      throw error
    }
  },
  component: function RouteComponent() {
    const { id } = Route.useParams()
    return <PageBook id={id} />
  },
})
