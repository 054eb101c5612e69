import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { guardPage } from '~/features/auth/guards'
import { PageUsers } from '~/features/user/manager/page-users'
import { usersQuery } from '~/features/user/queries'
import { titled } from '~/lib/page-title'
import { zSearchTerm } from '~/lib/search-params'

const defaults = { searchTerm: '' }

export const Route = createFileRoute('/manager/users/')({
  head: titled('user:list.title'),
  validateSearch: z.object({ searchTerm: zSearchTerm }),
  search: { middlewares: [stripSearchParams(defaults)] },
  beforeLoad: guardPage({ user: ['list'] }),
  loaderDeps: ({ search }) => ({ searchTerm: search.searchTerm }),
  // A term typed on the page (`stay`) is not waited for: the page keeps its list until the new
  // one has come (ListPage), so the search box, its focus and what is typed stay put.
  loader: ({ context, deps, cause }) =>
    cause === 'stay' ? undefined : context.queryClient.ensureInfiniteQueryData(usersQuery(deps.searchTerm)),
  component: PageUsers,
})
