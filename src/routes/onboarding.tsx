import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { requireSession } from '~/features/auth/guards'
import { PageOnboarding } from '~/features/auth/page-onboarding'
import { homeOf, safeRedirect } from '~/features/auth/redirect'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/onboarding')({
  staticData: { namespaces: ['auth', 'areas'] },
  head: titled('auth:onboarding.title'),
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
  beforeLoad: async ({ context, location, search }) => {
    const session = await requireSession(context.queryClient, location)
    if (session.user.onboardedAt)
      throw redirect({ href: safeRedirect(search.redirect) ?? homeOf(session.user.role) })
    return { session }
  },
  component: PageOnboarding,
})
