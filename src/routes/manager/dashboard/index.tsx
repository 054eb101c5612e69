import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { PageDashboard } from '~/features/manager/page-dashboard'
import { dashboardQuery } from '~/features/manager/queries'
import { titled } from '~/lib/page-title'
import { zPeriod } from '~/lib/periods'

/** The dashboard's period in the address: the last 30 days unless another is chosen. */
const defaults = { period: '30d' as const }

export const Route = createFileRoute('/manager/dashboard/')({
  staticData: { namespaces: ['book'], skeleton: 'dashboard' },
  head: titled('areas:nav.dashboard'),
  validateSearch: z.object({ period: z._default(z.catch(zPeriod, defaults.period), defaults.period) }),
  search: { middlewares: [stripSearchParams(defaults)] },
  loaderDeps: ({ search }) => ({ period: search.period }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(dashboardQuery(deps.period)),
  component: PageDashboard,
})
