import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'

import { sessionQuery } from './guards'
import { homeOf, safeRedirect } from './redirect'

/**
 * What follows any sign-in: refresh the session, then go to the requested page or the role's home.
 * The guards send the person through onboarding first if needed.
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
