import { lazy, type ReactNode, Suspense } from 'react'

import { Optional } from './optional'
import { cn } from '~/lib/cn'

// The header controls and the drawn panel load in their own chunk after the page, to keep about
// 5 KB off /login's JavaScript. The server's HTML shows them at once, and none is needed to sign in.
const Extras = lazy(() => import('./auth-layout-extras'))

/** One part of the extras; it renders nothing until its code has loaded, or if the load fails. */
const extra = (part: 'header' | 'showcase') => (
  <Optional>
    <Suspense>
      <Extras part={part} />
    </Suspense>
  </Optional>
)

/**
 * The layout of the sign-in and sign-out pages: brand, language and theme controls, the page, and
 * a drawn panel beside it on wide screens.
 */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col p-4 sm:p-6">
        <header className="flex flex-wrap items-center justify-between gap-3">{extra('header')}</header>
        {/* On a phone or tablet the form starts near the top, where the eye starts, rather than
            under a band of empty space; beside the drawn panel it is centred. */}
        <main
          className={cn(
            'mx-auto flex w-full flex-1 flex-col gap-6 pt-5 pb-10 sm:pt-16 lg:justify-center lg:py-10',
            wide ? 'max-w-2xl' : 'max-w-sm',
          )}
        >
          {children}
        </main>
      </div>
      {extra('showcase')}
    </div>
  )
}
