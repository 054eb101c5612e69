import { createFileRoute } from '@tanstack/react-router'

import { PageAppHome } from '~/features/app/page-app-home'
import { newestBooksQuery } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/')({
  staticData: { namespaces: ['book'], skeleton: 'covers' },
  head: titled('areas:nav.home'),
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(newestBooksQuery),
  component: PageAppHome,
})
