import { createContext, type ReactNode, useContext } from 'react'

const InsideMain = createContext(false)

/** A layout's main landmark, around its pages: an error page inside it adds none of its own. */
export function LayoutMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main className={className}>
      <InsideMain value={true}>{children}</InsideMain>
    </main>
  )
}

/**
 * A main landmark unless a layout's is already around: a page's error and not-found pages, and a
 * group's not-found page for an unknown address, show inside the group's layout, while the
 * group's own error page (its guard failed or refused) replaces the layout.
 */
export function MainUnlessInLayout({ children }: { children: ReactNode }) {
  return useContext(InsideMain) ? children : <main>{children}</main>
}
