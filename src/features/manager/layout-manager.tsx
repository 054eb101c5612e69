import { getRouteApi, Link, Outlet } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { hasPermission } from '~/features/auth/permissions'

const route = getRouteApi('/manager')

export function LayoutManager() {
  const { t } = useTranslation('common')
  const { session } = route.useRouteContext()
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between border-b border-neutral-200 px-4 py-3 dark:border-neutral-800">
        <Link to="/manager/dashboard" className="font-semibold">
          Folio
        </Link>
        <nav aria-label={t('nav.label')} className="flex gap-4 text-sm">
          <Link to="/manager/dashboard" className="data-[status=active]:font-semibold">
            {t('nav.dashboard')}
          </Link>
          <Link to="/manager/books" className="data-[status=active]:font-semibold">
            {t('nav.books')}
          </Link>
          {hasPermission(session.user.role, { user: ['list'] }) && (
            <Link to="/manager/users" className="data-[status=active]:font-semibold">
              {t('nav.users')}
            </Link>
          )}
          <Link to="/logout">{t('nav.signOut')}</Link>
        </nav>
      </header>
      <main className="w-full flex-1 p-4">
        <Outlet />
      </main>
    </div>
  )
}
