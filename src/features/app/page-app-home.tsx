import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

const appRoute = getRouteApi('/app')

export function PageAppHome() {
  const { t } = useTranslation('common')
  const { session } = appRoute.useRouteContext()
  return <h1 className="text-2xl font-semibold">{t('home.welcome', { name: session.user.name })}</h1>
}
