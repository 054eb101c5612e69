import { createFileRoute } from '@tanstack/react-router'

import { dashboardQuery, PageDashboard } from '~/features/manager/page-dashboard'

export const Route = createFileRoute('/manager/dashboard/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery),
  component: PageDashboard,
})
