import { createFileRoute } from '@tanstack/react-router'

import { pendingAs } from '~/components/page-pending'
import { PageAppHome } from '~/features/app/page-app-home'
import { booksQuery } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/')({
  head: titled('common:nav.home'),
  pendingComponent: pendingAs('grid'),
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(booksQuery('')),
  component: PageAppHome,
})
