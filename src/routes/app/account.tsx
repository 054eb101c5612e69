import { createFileRoute } from '@tanstack/react-router'

import { PageAccount } from '~/features/account/page-account'
import { zAccountSearch } from '~/features/account/schema'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/account')({
  head: titled('common:account.title'),
  validateSearch: zAccountSearch,
  component: function RouteComponent() {
    const { session } = Route.useRouteContext()
    return <PageAccount user={session.user} state={Route.useSearch().state} from="/app/account" />
  },
})
