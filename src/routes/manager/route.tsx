import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { guardGroup } from '~/features/auth/guards'
import { LayoutManager } from '~/features/manager/layout-manager'

export const Route = createFileRoute('/manager')({
  staticData: { namespaces: ['areas', 'errors-signed-in'] },
  beforeLoad: guardGroup({ apps: ['manager'] }),
  component: LayoutManager,
  notFoundComponent: PageNotFound,
})
