import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { activityQuery } from '~/features/activity/queries'
import { PageActivity } from '~/features/activity/page-activity'
import { activityList } from '~/features/activity/schema'
import { guardPage } from '~/features/auth/guards'
import { titled } from '~/lib/page-title'
import { listSearchDefaults, viewOf } from '~/lib/search-params'

export const Route = createFileRoute('/manager/activity')({
  staticData: { namespaces: ['activity', 'book', 'user'], skeleton: 'list' },
  head: titled('activity:list.title'),
  validateSearch: activityList.address,
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  beforeLoad: guardPage({ activity: ['read'] }),
  // One match whatever the view, as the other lists: a filter chosen on the page keeps its rows.
  loader: ({ context, location, cause }) =>
    cause === 'stay'
      ? undefined
      : context.queryClient.ensureInfiniteQueryData(activityQuery(viewOf(activityList.address, location))),
  component: PageActivity,
})
