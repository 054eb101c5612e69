import { queryOptions } from '@tanstack/react-query'

import { getDashboardFigures } from './dashboard.functions'

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard', 'figures'],
  queryFn: () => getDashboardFigures(),
})
