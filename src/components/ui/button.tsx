import { useHydrated } from '@tanstack/react-router'
import type { ButtonHTMLAttributes } from 'react'

import { cn } from '~/lib/cn'

const variants = {
  primary:
    'bg-neutral-900 text-white hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200',
  secondary:
    'border border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const

/** A button's look, for links that act as buttons (e.g. 'Edit'). */
export function buttonClass(variant: keyof typeof variants = 'primary', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-medium outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-60',
    variants[variant],
    className,
  )
}

export function Button({
  variant = 'primary',
  loading = false,
  className,
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants; loading?: boolean }) {
  // Until the page is interactive, a click would do nothing (or submit a form natively).
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className={buttonClass(variant, className)}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  )
}
