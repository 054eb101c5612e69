import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'

import { getActivity, getHistory } from './activity.functions'
import type { ActivityListView } from './schema'

export const activityQuery = (view: ActivityListView) =>
  infiniteQueryOptions({
    queryKey: ['activity', 'list', view],
    queryFn: ({ pageParam }) => getActivity({ data: { ...view, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

/** An item's history; every change invalidates `['activity']`, so it is read again. */
export const historyQuery = (entity: string, id: string) =>
  queryOptions({
    queryKey: ['activity', 'history', entity, id],
    queryFn: () => getHistory({ data: { entity, id } }),
  })

/** An entry as the log shows it. */
export type ActivityEntry = Awaited<ReturnType<typeof getHistory>>[number]
