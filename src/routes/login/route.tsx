import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

import { PageNotFound } from '~/components/route-error'
import { loadSession } from '~/features/auth/guards'
import { homeOf, safeRedirect } from '~/features/auth/redirect'

/** The login group: a visitor who is already signed in goes to where they were headed, or home. */
export const Route = createFileRoute('/login')({
  staticData: { namespaces: ['auth'] },
  beforeLoad: async ({ context, search }) => {
    const session = await loadSession(context.queryClient)
    if (session) {
      const target = 'redirect' in search && typeof search.redirect === 'string' ? search.redirect : ''
      throw redirect({ href: safeRedirect(target) ?? homeOf(session.user.role) })
    }
  },
  component: Outlet,
  notFoundComponent: PageNotFound,
})
