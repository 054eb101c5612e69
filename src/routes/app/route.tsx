import { createFileRoute } from '@tanstack/react-router'

import { PageError } from '~/components/page-error'
import { RouteError } from '~/components/route-error'
import { LayoutApp } from '~/features/app/layout-app'
import { requireAccess, requireSession } from '~/features/auth/guards'

export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context, location }) => {
    const session = await requireSession(context.queryClient, location)
    requireAccess(session, { apps: ['app'] })
    return { session }
  },
  component: LayoutApp,
  errorComponent: RouteError,
  notFoundComponent: () => <PageError type="404" />,
})
