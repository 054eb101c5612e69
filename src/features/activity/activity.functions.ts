import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { itemHistory, listActivity } from './activity.server'
import { activityList, zHistoryOf } from './schema'

export const getActivity = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('activity--getActivity')])
  .validator(validateInput(activityList.input))
  .handler(({ data }) => listActivity(data))

export const getHistory = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('activity--getHistory')])
  .validator(validateInput(zHistoryOf))
  .handler(({ data }) => itemHistory(data))
