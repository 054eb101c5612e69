import { getRouteApi, Link, Outlet } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { EnvironmentHint } from '~/components/environment-hint'
import { LayoutMain } from '~/components/main-landmark'
import { UserMenu } from '~/components/user-menu'

const route = getRouteApi('/app')

const entries = [
  { to: '/app', key: 'nav.home', exact: true },
  { to: '/app/books', key: 'nav.books', exact: false },
  { to: '/app/account', key: 'nav.account', exact: false },
] as const

/**
 * The app's shell, mobile first: a bottom navigation bar on small screens, the same entries in
 * the header on large ones; the user menu top right.
 */
export function LayoutApp() {
  const { t } = useTranslation('common')
  const { session } = route.useRouteContext()
  const links = (className: string) =>
    entries.map((entry) => (
      <Link
        key={entry.to}
        to={entry.to}
        activeOptions={{ exact: entry.exact }}
        className={className}
        activeProps={{ 'aria-current': 'page' }}
      >
        {t(entry.key)}
      </Link>
    ))
  return (
    <div className="flex min-h-dvh flex-col pb-16 md:pb-0">
      <header className="flex items-center justify-between gap-4 border-b border-neutral-200 px-4 py-3 dark:border-neutral-800">
        <Link to="/app" className="flex items-center gap-2 font-semibold">
          Folio
          <EnvironmentHint />
        </Link>
        <nav aria-label={t('nav.label')} className="hidden gap-6 text-sm md:flex">
          {links('py-1 aria-[current=page]:font-semibold aria-[current=page]:underline underline-offset-8')}
        </nav>
        <UserMenu user={session.user} accountTo="/app/account" from="app" />
      </header>
      <LayoutMain className="mx-auto w-full max-w-3xl flex-1 p-4">
        <Outlet />
      </LayoutMain>
      <nav
        aria-label={t('nav.label')}
        className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-3 border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-neutral-800 dark:bg-neutral-950"
      >
        {links(
          'flex h-14 items-center justify-center text-sm decoration-accent decoration-2 underline-offset-8 aria-[current=page]:font-semibold aria-[current=page]:underline',
        )}
      </nav>
    </div>
  )
}
