import { createServerFn } from '@tanstack/react-start'

import { requirePermission } from '~/features/auth/require-permission'

import { dashboardFigures } from './dashboard.server'

export const getDashboardFigures = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], session: ['list'] })])
  .handler(() => dashboardFigures())
