import { createFileRoute } from '@tanstack/react-router'

import { pendingAs } from '~/components/page-pending'
import { PageDashboard } from '~/features/manager/page-dashboard'
import { dashboardQuery } from '~/features/manager/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/dashboard/')({
  head: titled('common:nav.dashboard'),
  pendingComponent: pendingAs('dashboard'),
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery),
  component: PageDashboard,
})
