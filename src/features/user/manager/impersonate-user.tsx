import { useTranslation } from 'react-i18next'

import { toast } from '~/components/ui/toast'
import { authCall, authErrorKey } from '~/features/auth/auth-call'
import { isDemoRefusal } from '~/lib/demo-mode'
import { useBusy } from '~/lib/use-busy'

/** Signs the admin in as this user (better-auth's impersonation) and opens the app as them. */
export function useImpersonate(userId: string) {
  const { t } = useTranslation(['user', 'errors'])
  const busy = useBusy()
  async function impersonate() {
    if (!busy.start()) return
    const { error } = await authCall((client) => client.admin.impersonateUser({ userId }))
    if (error) {
      busy.done()
      // A demo's refusal has opened its dialog, which says it all.
      if (!isDemoRefusal(error))
        toast.error(t('common:impersonation.failed'), { description: t(authErrorKey(error)) })
      return
    }
    // A full load: every cache and guard starts again from the impersonated session.
    window.location.assign('/app')
  }
  return { impersonate, pending: busy.pending }
}
