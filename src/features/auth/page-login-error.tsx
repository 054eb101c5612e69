import { Link, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { loginErrorVariant } from './login-error'

export function PageLoginError() {
  const { t } = useTranslation('auth')
  const { error } = useSearch({ from: '/login/error/' })
  const variant = loginErrorVariant(error)
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-sm flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold">{t(`loginError.${variant}.title`)}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t(`loginError.${variant}.description`)}</p>
      <Link to="/login" className="text-sm underline">
        {t('loginError.backToLogin')}
      </Link>
    </main>
  )
}
