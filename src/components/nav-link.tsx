import { type LinkProps, useLinkProps, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * The path of the page shown: the router's location, which changes as soon as a navigation starts,
 * with the coming page's frame standing in while it loads.
 */
export function useShownPathname() {
  return useRouterState({ select: (state) => state.location.pathname })
}

/** Whether `to` is the page shown, or (unless `exact`) a page below it. */
export function isShown(pathname: string, to: string | undefined, exact = false) {
  return to !== undefined && (pathname === to || (!exact && pathname.startsWith(`${to}/`)))
}

/**
 * A navigation entry, marked current (`aria-current="page"`) for the page shown, or whose frame
 * stands in while it loads, so the menu and the page always name the same place.
 */
export function NavLink({
  to,
  exact = false,
  className,
  children,
}: {
  to: LinkProps['to']
  exact?: boolean
  className: string
  children: ReactNode
}) {
  const linkProps = useLinkProps({ to })
  const shown = isShown(useShownPathname(), to, exact)
  return (
    <a
      {...linkProps}
      aria-current={shown ? 'page' : undefined}
      data-status={shown ? 'active' : undefined}
      className={className}
    >
      {children}
    </a>
  )
}
