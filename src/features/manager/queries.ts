import { queryOptions } from '@tanstack/react-query'

import type { Period } from '~/lib/periods'

import { getDashboardFigures } from './dashboard.functions'

export const dashboardQuery = (period: Period) =>
  queryOptions({
    queryKey: ['dashboard', 'figures', period],
    queryFn: () => getDashboardFigures({ data: { period } }),
  })

export type DashboardFigures = Awaited<ReturnType<typeof getDashboardFigures>>
/** A figure over the period: its total, the period before's, and each day's count. */
export type FigureOverTime = DashboardFigures['signIns']
