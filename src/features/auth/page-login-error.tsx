import { Link, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { loginErrorVariant } from './login-error'

import { AuthLayout } from '~/components/auth-layout'

export function PageLoginError() {
  const { t } = useTranslation('auth')
  const { error } = useSearch({ from: '/login/error/' })
  const variant = loginErrorVariant(error)
  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold">{t(`loginError.${variant}.title`)}</h1>
      <p className="text-muted-foreground">{t(`loginError.${variant}.description`)}</p>
      <Link to="/login" className="text-sm underline">
        {t('loginError.backToLogin')}
      </Link>
    </AuthLayout>
  )
}
