import { createFileRoute } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { LayoutApp } from '~/features/app/layout-app'
import { guardGroup } from '~/features/auth/guards'

export const Route = createFileRoute('/app')({
  staticData: { namespaces: ['areas', 'errors-signed-in'] },
  beforeLoad: guardGroup({ apps: ['app'] }),
  component: LayoutApp,
  notFoundComponent: PageNotFound,
})
