import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import { authCall, authErrorKey } from '~/features/auth/auth-call'
import { isDemoRefusal } from '~/lib/demo-mode'
import { sessionQuery } from '~/features/auth/guards'
import { useBusy } from '~/lib/use-busy'
import { displayName } from '~/features/user/display-name'

/**
 * While an admin is impersonating someone, every page says so and offers the way back to the
 * admin's own session. (The impersonation also ends by itself after an hour.)
 */
export function ImpersonationBanner() {
  const { t } = useTranslation(['common', 'errors'])
  const { data: session } = useQuery(sessionQuery)
  const queryClient = useQueryClient()
  const router = useRouter()
  const busy = useBusy()
  if (!session?.session.impersonatedBy) return null

  async function stop() {
    if (!busy.start()) return
    // Without better-auth's session signal, which would have every screen of the page redrawn
    // for the admin (the user's app, for a moment, as the admin) before leaving it.
    const { error } = await authCall((client) => client.admin.stopImpersonating({}, { disableSignal: true }))
    if (error) {
      busy.done()
      // A demo's refusal has opened its dialog, which says it all.
      if (!isDemoRefusal(error))
        toast.error(t('impersonation.stopFailed'), { description: t(authErrorKey(error)) })
      return
    }
    // The page stays as it is until the manager is ready: its guard reads the admin's session
    // afresh, and nothing of the user's is kept.
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey, refetchType: 'none' })
    await router.navigate({ to: '/manager/users' })
    queryClient.removeQueries({ type: 'inactive' })
    busy.done()
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-3 bg-warning-soft px-4 py-2 text-sm text-warning-soft-foreground border-b border-border"
    >
      <span>{t('impersonation.banner', { name: displayName(session.user), email: session.user.email })}</span>
      <Button variant="outline" size="sm" loading={busy.pending} onClick={stop}>
        {t('impersonation.stop')}
      </Button>
    </div>
  )
}
