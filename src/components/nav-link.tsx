import { type LinkProps, useLinkProps, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * The path of the page shown: the router's resolved location, which changes once the coming page
 * has loaded, where the location changes as soon as a navigation starts.
 */
export function useShownPathname() {
  return useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname })
}

/** Whether `to` is the page shown, or (unless `exact`) a page below it. */
export function isShown(pathname: string, to: string | undefined, exact = false) {
  return to !== undefined && (pathname === to || (!exact && pathname.startsWith(`${to}/`)))
}

/**
 * A navigation entry, marked current (`aria-current="page"`) for the page shown rather than the one
 * being loaded, so the menu does not name a page the person cannot see yet.
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
