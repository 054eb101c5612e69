import { lazy, type ReactNode, Suspense } from 'react'

import { Optional } from './optional'
import { cn } from '~/lib/cn'

// The brand, the language and theme controls, the environment's badge and the drawn panel come in
// a chunk of their own, after the page: the server's HTML shows them at once, none is needed to
// sign in, and their code (about 5 KB gzipped with the icons they draw) kept /login's JavaScript
// within its budget.
const Extras = lazy(() => import('./auth-layout-extras'))

/** A part of the extras: nothing until its code has come (or if it cannot), the page meanwhile. */
const extra = (part: 'header' | 'showcase') => (
  <Optional>
    <Suspense>
      <Extras part={part} />
    </Suspense>
  </Optional>
)

/**
 * The pages around signing in and out (login, code, errors, onboarding, sign-out, choosing an
 * app): the brand, the language and the theme before anyone has an account page to set them, the
 * page's content, and on wide screens a drawn panel beside it.
 */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col p-4 sm:p-6">
        <header className="flex flex-wrap items-center justify-between gap-3">{extra('header')}</header>
        <main
          className={cn(
            'mx-auto flex w-full flex-1 flex-col justify-center gap-6 py-10',
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
