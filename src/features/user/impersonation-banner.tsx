import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import { authCall, authErrorKey } from '~/features/auth/auth-call'
import { isDemoRefusal } from '~/lib/demo-mode'
import { sessionQuery } from '~/features/auth/guards'
import { useBusy } from '~/lib/use-busy'

/**
 * While an admin is impersonating someone, every page says so and offers the way back to the
 * admin's own session. (The impersonation also ends by itself after an hour.)
 */
export function ImpersonationBanner() {
  const { t } = useTranslation(['user', 'errors'])
  const { data: session } = useQuery(sessionQuery)
  const busy = useBusy()
  if (!session?.session.impersonatedBy) return null

  async function stop() {
    if (!busy.start()) return
    const { error } = await authCall((client) => client.admin.stopImpersonating())
    if (error) {
      busy.done()
      // A demo's refusal has opened its dialog, which says it all.
      if (!isDemoRefusal(error))
        toast.error(t('impersonation.stopFailed'), { description: t(authErrorKey(error)) })
      return
    }
    // A full load: every cache and guard starts again from the admin's own session.
    window.location.assign('/manager/users')
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-3 bg-warning-soft px-4 py-2 text-sm text-warning-soft-foreground border-b border-border"
    >
      <span>{t('impersonation.banner', { name: session.user.name, email: session.user.email })}</span>
      <Button variant="outline" size="sm" loading={busy.pending} onClick={stop}>
        {t('impersonation.stop')}
      </Button>
    </div>
  )
}
