import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'

import { dashboardFigures } from './dashboard.server'

export const getDashboardFigures = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('manager.dashboard--getDashboardFigures')])
  .handler(() => dashboardFigures())
