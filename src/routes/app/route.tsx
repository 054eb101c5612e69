import { createFileRoute } from '@tanstack/react-router'

import { PageError } from '~/components/page-error'
import { RouteError } from '~/components/route-error'
import { LayoutApp } from '~/features/app/layout-app'
import { guardGroup } from '~/features/auth/guards'

export const Route = createFileRoute('/app')({
  beforeLoad: guardGroup({ apps: ['app'] }),
  component: LayoutApp,
  errorComponent: RouteError,
  notFoundComponent: () => <PageError type="404" />,
})
