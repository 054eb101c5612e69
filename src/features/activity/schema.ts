import { z } from 'zod/mini'

import { zId } from '~/lib/limits'
import { zPeriod } from '~/lib/periods'
import { type ListView, listView } from '~/lib/search-params'

/** What an entry records: a row made, changed or deleted, or one of the people's own actions. */
export const activityActions = [
  'create',
  'update',
  'delete',
  'setRole',
  'ban',
  'unban',
  'signIn',
  'signOut',
  'revoke',
  'impersonate',
  'stopImpersonating',
] as const
export type ActivityAction = (typeof activityActions)[number]

/** A table's name, as the log names what changed. */
const zEntity = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,62}$/))

/** The log, newest first: filtered by person, kind of item, action and period, searched in what changed. */
export const activityList = listView(['at'], {
  person: zId,
  entity: zEntity,
  action: z.enum(activityActions),
  period: zPeriod,
})
export type ActivityListView = ListView<typeof activityList>

/** One item's history: a table and a row's id. */
export const zHistoryOf = z.object({ entity: zEntity, id: zId })
