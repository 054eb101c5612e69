import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { historyQuery } from '~/features/activity/queries'
import { guardPage } from '~/features/auth/guards'
import { hasPermission } from '~/features/auth/permissions'
import { PageUser } from '~/features/user/manager/page-user'
import { loadUserOrNotFound, userSessionsQuery } from '~/features/user/queries'
import { titled } from '~/lib/page-title'
import { displayName } from '~/features/user/display-name'

export const Route = createFileRoute('/manager/users/$id/')({
  staticData: { namespaces: ['user', 'activity'], skeleton: 'detail' },
  head: titled(([user]: [{ name: string; email: string }, unknown]) => displayName(user)),
  beforeLoad: guardPage({ user: ['get'] }),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) =>
    Promise.all([
      loadUserOrNotFound(context.queryClient, params.id),
      hasPermission(context.session.user.role, { session: ['list'] }) &&
        context.queryClient.ensureQueryData(userSessionsQuery(params.id)),
      hasPermission(context.session.user.role, { activity: ['read'] }) &&
        context.queryClient.ensureQueryData(historyQuery('user', params.id)),
    ]),
  component: PageUser,
})
