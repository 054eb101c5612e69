import { createContext, type ReactNode, useContext } from 'react'

const InsideMain = createContext(false)

/** A layout's main landmark; error pages inside it add none of their own. */
export function LayoutMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main className={className}>
      <InsideMain value={true}>{children}</InsideMain>
    </main>
  )
}

/**
 * A main landmark, unless a layout's is already around. Error pages show inside a layout, except a
 * group's own error page (its guard failed), which replaces the layout.
 */
export function MainUnlessInLayout({ children }: { children: ReactNode }) {
  return useContext(InsideMain) ? children : <main>{children}</main>
}
