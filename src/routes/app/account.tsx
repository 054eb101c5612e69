import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { PageAccount } from '~/features/account/page-account'
import { loadAccount } from '~/features/account/queries'
import { accountSearchDefaults, zAccountSearch } from '~/features/account/schema'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/account')({
  staticData: { namespaces: ['account', 'auth', 'user'] },
  head: titled('account:title'),
  validateSearch: zAccountSearch,
  search: { middlewares: [stripSearchParams(accountSearchDefaults)] },
  loader: ({ context }) => loadAccount(context.queryClient),
  component: function RouteComponent() {
    const { session } = Route.useRouteContext()
    return <PageAccount session={session} search={Route.useSearch()} from="/app/account" />
  },
})
