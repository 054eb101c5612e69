import { getRouteApi, Link, Outlet } from '@tanstack/react-router'
import { BookOpen, CircleUser, House } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Logo } from '~/components/brand/logo'
import { EnvironmentHint } from '~/components/environment-hint'
import { LayoutMain } from '~/components/main-landmark'
import { NavigationProgress } from '~/components/navigation-progress'
import { NavLink } from '~/components/nav-link'
import { AreaFrames } from '~/components/skeletons'
import { UserMenu } from '~/components/user-menu'

const route = getRouteApi('/app')

const entries = [
  // The home's heading greets by name rather than saying 'Home'.
  { to: '/app', key: 'areas:nav.home', icon: House, exact: true, titled: false },
  { to: '/app/books', key: 'areas:nav.books', icon: BookOpen, exact: false },
  // pnpm new:entity adds each entity's list here.
  { to: '/app/account', key: 'areas:nav.account', icon: CircleUser, exact: false },
] as const

/** The app's layout: a bottom navigation bar on small screens, the same links in the header on large ones. */
export function LayoutApp() {
  const { t } = useTranslation('common')
  const { session } = route.useRouteContext()
  const links = (className: string, iconClass: string) =>
    entries.map((entry) => (
      <NavLink key={entry.to} to={entry.to} exact={entry.exact} className={className}>
        <entry.icon aria-hidden="true" className={iconClass} />
        {t(entry.key)}
      </NavLink>
    ))
  return (
    <div className="flex min-h-dvh flex-col pb-16 md:pb-0">
      <NavigationProgress />
      <header className="sticky top-0 z-30 border-b border-border bg-card">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-4 px-4 md:px-6">
          <Link to="/app" className="flex min-w-0 items-center gap-2 rounded-md">
            <Logo />
            <EnvironmentHint />
          </Link>
          <nav aria-label={t('areas:nav.label')} className="hidden gap-1 text-sm md:flex">
            {links(
              'flex min-h-9 items-center gap-2 rounded-md px-3 py-1 font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground',
              'size-4',
            )}
          </nav>
          <UserMenu user={session.user} accountTo="/app/account" from="app" />
        </div>
      </header>
      <LayoutMain className="mx-auto w-full max-w-5xl flex-1 p-4 md:p-6">
        <AreaFrames area="/app" entries={entries}>
          <Outlet />
        </AreaFrames>
      </LayoutMain>
      <nav
        aria-label={t('areas:nav.label')}
        className="fixed inset-x-0 bottom-0 z-30 grid auto-cols-fr grid-flow-col border-t border-border bg-card pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        {links(
          'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground aria-[current=page]:text-primary-text',
          'size-5',
        )}
      </nav>
    </div>
  )
}
