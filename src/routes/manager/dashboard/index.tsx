import { createFileRoute } from '@tanstack/react-router'

import { PageDashboard } from '~/features/manager/page-dashboard'
import { dashboardQuery } from '~/features/manager/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/dashboard/')({
  staticData: { namespaces: ['book'], skeleton: 'dashboard' },
  head: titled('areas:nav.dashboard'),
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery),
  component: PageDashboard,
})
