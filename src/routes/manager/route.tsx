import { createFileRoute } from '@tanstack/react-router'

import { PageError } from '~/components/page-error'
import { RouteError } from '~/components/route-error'
import { requireAccess, requireSession } from '~/features/auth/guards'
import { LayoutManager } from '~/features/manager/layout-manager'

export const Route = createFileRoute('/manager')({
  beforeLoad: async ({ context, location }) => {
    const session = await requireSession(context.queryClient, location)
    requireAccess(session, { apps: ['manager'] })
    return { session }
  },
  component: LayoutManager,
  errorComponent: RouteError,
  notFoundComponent: () => <PageError type="404" />,
})
