import { createFileRoute } from '@tanstack/react-router'

import { requireSession } from '~/features/auth/guards'
import { PageLogout } from '~/features/auth/page-logout'

export const Route = createFileRoute('/logout')({
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
  component: PageLogout,
})
