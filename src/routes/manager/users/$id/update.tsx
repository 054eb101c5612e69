import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { guardPage } from '~/features/auth/guards'
import { PageUserUpdate } from '~/features/user/manager/page-user-update'
import { loadUserOrNotFound } from '~/features/user/queries'
import { titled } from '~/lib/page-title'
import { displayName } from '~/features/user/display-name'

export const Route = createFileRoute('/manager/users/$id/update')({
  staticData: { namespaces: ['user', 'auth'] },
  head: titled(displayName),
  beforeLoad: guardPage({ user: ['update'] }),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) => loadUserOrNotFound(context.queryClient, params.id),
  component: PageUserUpdate,
})
