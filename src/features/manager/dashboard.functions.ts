import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'

import { authorizeFunction } from '~/features/auth/require-permission'
import { zPeriod } from '~/lib/periods'
import { validateInput } from '~/lib/validate-input'

import { dashboardFigures } from './dashboard.server'

export const zDashboardView = z.object({ period: zPeriod })

export const getDashboardFigures = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('manager.dashboard--getDashboardFigures')])
  .validator(validateInput(zDashboardView))
  .handler(({ data }) => dashboardFigures(data.period))
