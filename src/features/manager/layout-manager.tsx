import * as Dialog from '@radix-ui/react-dialog'
import { getRouteApi, Link, Outlet, useHydrated } from '@tanstack/react-router'
import { type ReactNode, type RefObject, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { appConfig } from '@/app.config'
import { EnvironmentHint } from '~/components/environment-hint'
import { LayoutMain } from '~/components/main-landmark'
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
 * ones; the user menu top right.
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
    <nav aria-label={t('nav.label')} className="flex flex-col gap-4 p-3" onClick={() => setSheetOpen(false)}>
      {managerNavigation(session.user.role).map((group, index) => (
        <div key={group.key ?? index} className="flex flex-col gap-1">
          {group.key && (
            <p className="px-3 text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400">
              {t(group.key)}
            </p>
          )}
          {group.entries.map((entry) => (
            <Link
              key={entry.to}
              to={entry.to}
              className="rounded-md px-3 py-2 hover:bg-neutral-100 aria-[current=page]:bg-neutral-100 aria-[current=page]:font-semibold dark:hover:bg-neutral-800 dark:aria-[current=page]:bg-neutral-800"
              activeProps={{ 'aria-current': 'page' }}
            >
              {t(entry.key)}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  )

  const toggleButton = useRef<HTMLButtonElement>(null)
  return (
    <div className="flex min-h-dvh">
      <aside
        id="manager-sidebar"
        className={cn(
          'hidden w-60 shrink-0 border-e border-neutral-200 dark:border-neutral-800',
          !collapsed && 'md:block',
        )}
      >
        {navigation}
      </aside>
      <Sheet open={sheetOpen} onOpenChange={setSheetOpen} returnFocusTo={toggleButton}>
        {navigation}
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-neutral-200 px-4 py-3 dark:border-neutral-800">
          <div className="flex items-center gap-3">
            <SidebarToggle
              ref={toggleButton}
              onClick={toggle}
              sidebarCollapsed={collapsed}
              sheetOpen={sheetOpen}
            />
            <Link to="/manager/dashboard" className="flex items-center gap-2 font-semibold">
              Folio
              <EnvironmentHint />
            </Link>
          </div>
          <UserMenu
            user={session.user}
            accountTo="/manager/account"
            from="manager"
            extra={(itemClass) => (
              <>
                <Link to="/app" className={itemClass}>
                  {t('nav.openApp')}
                </Link>
                <Link to="/manager/api-docs" className={itemClass}>
                  {t('nav.apiDocs')}
                </Link>
              </>
            )}
          />
        </header>
        <LayoutMain className="w-full flex-1 p-4">
          <Outlet />
        </LayoutMain>
      </div>
    </div>
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
      className="flex size-9 items-center justify-center rounded-md border border-neutral-300 outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-accent dark:border-neutral-700 dark:hover:bg-neutral-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
      <span className="sr-only">{t('nav.toggleSidebar')}</span>
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
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          // Opened from state, not a Radix trigger: Radix would leave the focus on the page.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-y-0 start-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl dark:bg-neutral-950"
        >
          <Dialog.Title className="sr-only">{t('nav.label')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('nav.sheetDescription')}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
