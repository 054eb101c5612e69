import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { Button } from '~/components/ui/button'
import { useBusy } from '~/lib/use-busy'

import { authCall } from './auth-call'
import { sessionQuery } from './guards'
import { homeOf } from './redirect'

const route = getRouteApi('/logout')

/** The sign-out confirmation: 'Sign out of your account', then the session ends on the server. */
export function PageLogout() {
  const { t } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const busy = useBusy()
  const [failed, setFailed] = useState(false)
  const { user } = route.useRouteContext()
  // Go back where the visitor came from, or home if the page was opened directly.
  const cancel = () =>
    router.history.canGoBack() ? router.history.back() : void navigate({ to: homeOf(user.role) })

  async function signOut() {
    if (!busy.start()) return
    const { error } = await authCall((client) => client.signOut())
    if (error) {
      busy.done()
      return setFailed(true)
    }
    // Stay busy until /login shows, because a click meanwhile would sign out a session already gone.
    queryClient.setQueryData(sessionQuery.queryKey, null)
    await router.invalidate()
    await navigate({ to: '/login', replace: true })
  }

  return (
    <AuthLayout>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('logout.title')}</h1>
        <p className="text-muted-foreground">{t('logout.description')}</p>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-destructive-text">
          {t('logout.failed')}
        </p>
      )}
      <div className="flex gap-3">
        <Button variant="outline" onClick={cancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button icon={LogOut} loading={busy.pending} onClick={signOut}>
          {t('logout.confirm')}
        </Button>
      </div>
    </AuthLayout>
  )
}
