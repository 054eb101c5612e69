import { createFileRoute } from '@tanstack/react-router'

import { PageError } from '~/components/page-error'
import { RouteError } from '~/components/route-error'
import { guardGroup } from '~/features/auth/guards'
import { LayoutManager } from '~/features/manager/layout-manager'

export const Route = createFileRoute('/manager')({
  beforeLoad: guardGroup({ apps: ['manager'] }),
  component: LayoutManager,
  errorComponent: RouteError,
  notFoundComponent: () => <PageError type="404" />,
})
