import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageUsers } from '~/features/user/manager/page-users'
import { usersQuery } from '~/features/user/queries'
import { userList } from '~/features/user/schema'
import { titled } from '~/lib/page-title'
import { listSearchDefaults, viewOf } from '~/lib/search-params'

export const Route = createFileRoute('/manager/users/')({
  staticData: { namespaces: ['user'], skeleton: 'list' },
  head: titled('user:list.title'),
  validateSearch: userList.address,
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  beforeLoad: guardPage({ user: ['list'] }),
  // One match whatever the view (no loaderDeps): a term typed, a sort or a filter chosen on the page
  // (`stay`) is not waited for and brings no pending skeleton, even while the session is checked
  // again, so the search box, its focus and what is typed stay put; the page keeps its rows until
  // the new ones have come (ListPage).
  loader: ({ context, location, cause }) =>
    cause === 'stay'
      ? undefined
      : context.queryClient.ensureInfiniteQueryData(usersQuery(viewOf(userList.address, location))),
  component: PageUsers,
})
