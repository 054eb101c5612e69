import { createFileRoute } from '@tanstack/react-router'

import { PageAppHome } from '~/features/app/page-app-home'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/app/')({
  head: titled('common:nav.home'),
  component: PageAppHome,
})
