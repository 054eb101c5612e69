import { Link, useHydrated } from '@tanstack/react-router'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { BuildInfo } from './build-info'
import { ThemeSwitch } from './theme-switch'

const itemClass =
  'rounded px-3 py-2 text-start hover:bg-neutral-100 focus-visible:bg-neutral-100 outline-none dark:hover:bg-neutral-800 dark:focus-visible:bg-neutral-800'

/**
 * The signed-in person's menu (a disclosure: a button that shows and hides a panel of links):
 * who they are, Account, the theme, switching app, what the app adds, Sign out and the version.
 * Escape or a click elsewhere closes it.
 */
export function UserMenu({
  user,
  accountTo,
  from,
  extra,
}: {
  user: { name: string; email: string }
  accountTo: '/app/account' | '/manager/account'
  /** The app the menu belongs to, marked 'You are here' on the app-switch page. */
  from: 'app' | 'manager'
  extra?: (itemClass: string) => ReactNode
}) {
  const { t } = useTranslation('common')
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  // Like every button: until the page is interactive, a click would be lost.
  const hydrated = useHydrated()

  useEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        // Focus inside the panel would fall to the page as it hides: it goes back to the button.
        if (root.current?.contains(document.activeElement)) trigger.current?.focus()
        setOpen(false)
      } else if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={() => setOpen(!open)}
        className="flex size-9 items-center justify-center rounded-full bg-neutral-900 font-semibold text-white outline-none focus-visible:ring-2 focus-visible:ring-accent dark:bg-white dark:text-neutral-900"
      >
        <span aria-hidden="true">{user.name.trim().charAt(0).toUpperCase() || '?'}</span>
        <span className="sr-only">{t('menu.label')}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 flex w-72 flex-col gap-1 rounded-lg border border-neutral-200 bg-white p-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="px-3 py-2">
          <p className="font-medium">{user.name}</p>
          <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">{user.email}</p>
        </div>
        <nav aria-label={t('menu.label')} className="flex flex-col" onClick={() => setOpen(false)}>
          <Link to={accountTo} className={itemClass}>
            {t('nav.account')}
          </Link>
          <Link to="/apps" search={{ from }} className={itemClass}>
            {t('nav.switchApp')}
          </Link>
          {extra?.(itemClass)}
          <Link to="/logout" className={itemClass}>
            {t('nav.signOut')}
          </Link>
        </nav>
        <div className="px-3 py-2">
          <ThemeSwitch />
        </div>
        <BuildInfo />
      </div>
    </div>
  )
}
