import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'

import { sessionQuery } from './guards'
import { homeOf, safeRedirect } from './redirect'

/**
 * What follows any sign-in on this site (a code, a passkey): a fresh session for every guard and
 * screen, then the page that was asked for or the role's home, through onboarding when it is
 * still to do (the guards send the person there).
 */
export function useContinueSignedIn(redirect: string | undefined) {
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  return async (user: { role?: string | null }) => {
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey })
    await router.invalidate()
    await navigate({ href: safeRedirect(redirect) ?? homeOf(user.role ?? undefined), replace: true })
  }
}
