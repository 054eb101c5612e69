import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { PageNotFound } from '~/components/route-error'
import { PageApps } from '~/features/apps/page-apps'
import { guardOnboarded } from '~/features/auth/guards'
import { titled } from '~/lib/page-title'

/** The app-switch page, for anyone signed in and onboarded. */
export const Route = createFileRoute('/apps')({
  staticData: { namespaces: ['areas', 'auth'] },
  head: titled('areas:nav.switchApp'),
  validateSearch: z.object({ from: z.catch(z.optional(z.enum(['app', 'manager'])), undefined) }),
  beforeLoad: guardOnboarded,
  component: PageApps,
  notFoundComponent: PageNotFound,
})
