import { Link, useHydrated } from '@tanstack/react-router'
import { ChevronsUpDown, CircleUser, LogOut, Repeat } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { roleLabel } from '~/features/user/role-label'
import { cn } from '~/lib/cn'
import { imageSources, userPicture } from '~/lib/images'

import { BuildInfo } from './build-info'
import { ThemeSwitch } from './theme-switch'
import { displayName } from '~/features/user/display-name'

const itemClass =
  'flex min-h-9 items-center gap-2.5 rounded-md px-3 py-1 text-start text-sm hover:bg-muted focus-visible:bg-muted [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground'

/**
 * A person's picture on a disc, or their initial (the name's, else the e-mail's) where they have
 * none. Only a picture Folio stored for them is shown, so no page loads an image from elsewhere.
 * Decorative: their name is always said beside it.
 */
export function Avatar({
  user,
  className,
}: {
  user: { id: string; name: string; email: string; image?: string | null }
  className?: string
}) {
  const initial = displayName(user).charAt(0).toUpperCase()
  const picture = userPicture(user)
  return (
    <span
      aria-hidden="true"
      className={cn(
        'relative flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground',
        className,
      )}
    >
      {initial || '?'}
      {picture && (
        <img
          src={imageSources(picture, 'avatar').src}
          alt=""
          className="absolute inset-0 size-full object-cover"
          decoding="async"
        />
      )}
    </span>
  )
}

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
  placement = 'header',
}: {
  user: { id: string; name: string; email: string; image?: string | null; role?: string | null }
  /** A round button at the top of the page, or a row with the name and role at a sidebar's foot. */
  placement?: 'header' | 'sidebar'
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

  const name = displayName(user)
  return (
    <div ref={root} className={cn('relative', placement === 'sidebar' && 'w-full')}>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={() => setOpen(!open)}
        className={cn(
          'flex items-center rounded-full hover:bg-muted',
          placement === 'sidebar' && 'w-full gap-2.5 rounded-md p-2 text-start',
        )}
      >
        <Avatar user={user} />
        {placement === 'sidebar' && (
          <span aria-hidden="true" className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium">{name}</span>
            {user.role && (
              <span className="truncate text-xs text-muted-foreground">{roleLabel(t, user.role)}</span>
            )}
          </span>
        )}
        {placement === 'sidebar' && (
          <ChevronsUpDown aria-hidden="true" className="size-4 text-muted-foreground" />
        )}
        <span className="sr-only">{t('menu.label')}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute z-40 flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-1 rounded-lg border border-border bg-card p-2 shadow-xl',
          placement === 'sidebar' ? 'start-0 bottom-full mb-2' : 'end-0 top-full mt-2',
        )}
      >
        {/* Drawn only while open: a page has two menus (the phone's and the laptop's), and each page would carry both. */}
        {open && (
          <>
            <div className="flex items-center gap-3 px-3 py-2">
              <Avatar user={user} />
              <div className="flex min-w-0 flex-col">
                <p className="truncate font-medium" dir="auto" title={name}>
                  {name}
                </p>
                <p className="truncate text-sm text-muted-foreground" title={user.email}>
                  {user.email}
                </p>
              </div>
            </div>
            <hr className="border-border" />
            <nav aria-label={t('menu.label')} className="flex flex-col" onClick={() => setOpen(false)}>
              <Link to={accountTo} className={itemClass}>
                <CircleUser aria-hidden="true" />
                {t('areas:nav.account')}
              </Link>
              <Link to="/apps" search={{ from }} className={itemClass}>
                <Repeat aria-hidden="true" />
                {t('areas:nav.switchApp')}
              </Link>
              {extra?.(itemClass)}
              <Link to="/logout" className={itemClass}>
                <LogOut aria-hidden="true" />
                {t('areas:nav.signOut')}
              </Link>
            </nav>
            <hr className="border-border" />
            <div className="px-3 py-2">
              <ThemeSwitch />
            </div>
            <BuildInfo />
          </>
        )}
      </div>
    </div>
  )
}
