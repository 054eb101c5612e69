import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageUsers } from '~/features/user/manager/page-users'
import { usersQuery } from '~/features/user/queries'
import { titled } from '~/lib/page-title'
import { listSearchDefaults, searchTermOf, zListSearch } from '~/lib/search-params'

export const Route = createFileRoute('/manager/users/')({
  staticData: { namespaces: ['user'], skeleton: 'list' },
  head: titled('user:list.title'),
  validateSearch: zListSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  beforeLoad: guardPage({ user: ['list'] }),
  // One match whatever the term (no loaderDeps): a term typed on the page (`stay`) is not waited
  // for and brings no pending skeleton, even while the session is checked again, so the search
  // box, its focus and what is typed stay put; the page keeps its list until the new one has come
  // (ListPage).
  loader: ({ context, location, cause }) =>
    cause === 'stay'
      ? undefined
      : context.queryClient.ensureInfiniteQueryData(usersQuery(searchTermOf(location))),
  component: PageUsers,
})
