import { createFileRoute } from '@tanstack/react-router'

import { requireSession } from '~/features/auth/guards'
import { PageLogout } from '~/features/auth/page-logout'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/logout')({
  staticData: { namespaces: ['auth'] },
  head: titled('auth:logout.title'),
  beforeLoad: ({ context, location }) => requireSession(context.queryClient, location),
  component: PageLogout,
})
