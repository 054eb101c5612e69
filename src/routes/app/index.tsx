import { createFileRoute } from '@tanstack/react-router'

import { PageAppHome } from '~/features/app/page-app-home'

export const Route = createFileRoute('/app/')({
  component: PageAppHome,
})
