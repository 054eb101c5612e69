import { useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

import { AuthLayout } from '~/components/auth-layout'
import { useRootData } from '~/features/root/use-root-data'

import { SocialButtons } from './social-buttons'

// The form and TanStack Form (about 15 KB gzipped) load in their own chunk, to keep /login's
// JavaScript within budget. The server's HTML shows the form at once.
const LoginForm = lazy(() => import('./login-form'))

export function PageLogin() {
  const { t } = useTranslation('auth')
  const { redirect, notice } = useSearch({ from: '/login/' })
  const { auth } = useRootData()

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold">
        {t(auth.signUpEnabled ? 'login.titleSignUp' : 'login.title')}
      </h1>
      {notice && (
        <p role="status" className="rounded-md bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          {t(`login.notice.${notice}`)}
        </p>
      )}
      <SocialButtons redirect={redirect} />
      <Suspense>
        <LoginForm redirect={redirect} />
      </Suspense>
    </AuthLayout>
  )
}
