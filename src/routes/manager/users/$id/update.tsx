import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { guardPage } from '~/features/auth/guards'
import { PageUserUpdate } from '~/features/user/manager/page-user-update'
import { loadUserOrNotFound } from '~/features/user/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/users/$id/update')({
  head: titled((user: { name: string }) => user.name),
  beforeLoad: guardPage({ user: ['update'] }),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) => loadUserOrNotFound(context.queryClient, params.id),
  component: PageUserUpdate,
})
