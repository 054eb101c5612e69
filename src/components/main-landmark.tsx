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
 * A main landmark unless a layout's is already around: a group's error page is shown inside its
 * layout when a page of the group fails, and in place of it when the group itself does (a guard).
 */
export function MainUnlessInLayout({ children }: { children: ReactNode }) {
  return useContext(InsideMain) ? children : <main>{children}</main>
}
