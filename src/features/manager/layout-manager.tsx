import * as Dialog from '@radix-ui/react-dialog'
import { getRouteApi, Link, Outlet, useHydrated } from '@tanstack/react-router'
import { FileCode, PanelLeft } from 'lucide-react'
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { Logo } from '~/components/brand/logo'
import { EnvironmentHint } from '~/components/environment-hint'
import { LayoutMain } from '~/components/main-landmark'
import { NavigationProgress } from '~/components/navigation-progress'
import { isShown, NavLink, useShownPathname } from '~/components/nav-link'
import { AreaFrames } from '~/components/skeletons'
import { buttonClass } from '~/components/ui/button'
import { UserMenu } from '~/components/user-menu'
import { useRootData } from '~/features/root/use-root-data'
import { cn } from '~/lib/cn'
import { useMediaQuery } from '~/lib/use-media-query'

import { managerNavigation } from './navigation'

const route = getRouteApi('/manager')

const largeScreen = '(min-width: 768px)'

/** Remembers the sidebar's state in a cookie, so the server renders it the same way next time. */
function rememberCollapsed(collapsed: boolean) {
  document.cookie = `${appConfig.sidebarCookie}=${collapsed ? 'collapsed' : 'expanded'}; path=/; max-age=31536000; samesite=lax`
}

/**
 * The manager's shell: a sidebar grouped under 'Application' and 'Configuration' (each entry
 * shown only with its right), collapsible on large screens (remembered) and a sheet on small
 * ones; the user menu at the sidebar's foot, or top right while the sidebar is hidden.
 *
 * What changes as the page hydrates (the screen's size, whether the page runs) is read in the
 * toggle and the sheet, not here: a value that differs from the server's re-renders its component
 * at once, in one task, and the layout's would take the page inside it along, hydrating it in one
 * long task instead of in slices between which the browser stays responsive.
 */
export function LayoutManager() {
  const { t } = useTranslation('common')
  const { session } = route.useRouteContext()
  const { sidebarCollapsed } = useRootData()
  const [collapsed, setCollapsed] = useState(sidebarCollapsed)
  const [sheetOpen, setSheetOpen] = useState(false)

  function toggle() {
    if (!window.matchMedia(largeScreen).matches) return setSheetOpen(!sheetOpen)
    rememberCollapsed(!collapsed)
    setCollapsed(!collapsed)
  }

  const navigation = (
    // A link followed from the sheet closes it.
    <nav
      aria-label={t('areas:nav.label')}
      className="flex flex-1 flex-col gap-5 overflow-y-auto p-3"
      onClick={() => setSheetOpen(false)}
    >
      {managerNavigation(session.user.role).map((group, index) => (
        <div key={group.key ?? index} className="flex flex-col gap-0.5">
          {group.key && <p className="px-3 pb-1 text-xs font-medium text-muted-foreground">{t(group.key)}</p>}
          {group.entries.map((entry) => (
            <NavLink
              key={entry.to}
              to={entry.to}
              className="flex min-h-9 items-center gap-3 rounded-md px-3 py-1 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground"
            >
              <entry.icon aria-hidden="true" className="size-4 shrink-0" />
              {t(entry.key)}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  )

  const brand = (
    <Link to="/manager/dashboard" className="flex min-w-0 items-center gap-2 rounded-md">
      <Logo />
      <EnvironmentHint />
    </Link>
  )

  // The app itself is reached through 'Switch app', the one way the menu names another app.
  const menuExtra = (itemClass: string) => (
    <Link to="/manager/api-docs" className={itemClass}>
      <FileCode aria-hidden="true" />
      {t('areas:nav.apiDocs')}
    </Link>
  )

  const toggleButton = useRef<HTMLButtonElement>(null)
  const role = session.user.role
  const frames = useMemo(() => managerNavigation(role).flatMap((group) => group.entries), [role])
  return (
    <div className="flex min-h-dvh text-sm">
      <NavigationProgress />
      <aside
        id="manager-sidebar"
        className={cn(
          'sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-e border-border bg-card',
          !collapsed && 'md:flex',
        )}
      >
        <div className="flex h-14 items-center px-4">{brand}</div>
        {navigation}
        <div className="border-t border-border p-2">
          <UserMenu
            user={session.user}
            accountTo="/manager/account"
            from="manager"
            placement="sidebar"
            extra={menuExtra}
          />
        </div>
      </aside>
      <Sheet open={sheetOpen} onOpenChange={setSheetOpen} returnFocusTo={toggleButton}>
        <div className="flex h-14 items-center px-4">{brand}</div>
        {navigation}
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-4 border-b border-border bg-card px-4">
          <div className="flex min-w-0 items-center gap-3">
            <SidebarToggle
              ref={toggleButton}
              onClick={toggle}
              sidebarCollapsed={collapsed}
              sheetOpen={sheetOpen}
            />
            {/* The brand sits in the sidebar; the header shows it while the sidebar does not. */}
            <div className={cn(!collapsed && 'md:hidden')}>{brand}</div>
            <CurrentSection role={session.user.role} />
          </div>
          <div className={cn(!collapsed && 'md:hidden')}>
            <UserMenu user={session.user} accountTo="/manager/account" from="manager" extra={menuExtra} />
          </div>
        </header>
        <LayoutMain className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-6">
          <AreaFrames area="/manager" entries={frames}>
            <Outlet />
          </AreaFrames>
        </LayoutMain>
      </div>
    </div>
  )
}

/** Where the page is (its entry of the sidebar, with its icon), in the top bar on wide screens. */
function CurrentSection({ role }: { role: string | null | undefined }) {
  const { t } = useTranslation('common')
  const pathname = useShownPathname()
  const entry = managerNavigation(role)
    .flatMap((group) => group.entries)
    .find((candidate) => isShown(pathname, candidate.to))
  if (!entry) return null
  return (
    <p className="hidden items-center gap-2 border-s border-border ps-3 text-sm font-medium md:flex">
      <entry.icon aria-hidden="true" className="size-4 text-muted-foreground" />
      {t(entry.key)}
    </p>
  )
}

/** The sidebar's button: the sheet's on small screens, the sidebar's on large ones. */
function SidebarToggle({
  ref,
  onClick,
  sidebarCollapsed,
  sheetOpen,
}: {
  ref: RefObject<HTMLButtonElement | null>
  onClick: () => void
  sidebarCollapsed: boolean
  sheetOpen: boolean
}) {
  const { t } = useTranslation('common')
  const isLarge = useMediaQuery(largeScreen)
  // Like every button: until the page is interactive, a click on the toggle would be lost.
  const hydrated = useHydrated()
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      disabled={!hydrated}
      aria-expanded={isLarge ? !sidebarCollapsed : sheetOpen}
      aria-controls="manager-sidebar"
      className={buttonClass('ghost', undefined, 'icon')}
    >
      <PanelLeft aria-hidden="true" />
      <span className="sr-only">{t('areas:nav.toggleSidebar')}</span>
    </button>
  )
}

/** The navigation as a sheet from the side, on small screens only (it closes as the screen grows). */
function Sheet({
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
  children: ReactNode
}) {
  const { t } = useTranslation('common')
  const isLarge = useMediaQuery(largeScreen)
  return (
    <Dialog.Root open={open && !isLarge} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content
          // Opened from state, not a Radix trigger: Radix would leave the focus on the page.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-card shadow-xl"
        >
          <Dialog.Title className="sr-only">{t('areas:nav.label')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('areas:nav.sheetDescription')}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
