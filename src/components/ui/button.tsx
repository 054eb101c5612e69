import { useHydrated } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import type { ButtonHTMLAttributes } from 'react'

import { cn } from '~/lib/cn'

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary-hover',
  outline: 'border border-input bg-card shadow-xs hover:bg-muted',
  ghost: 'hover:bg-muted',
  /** The trigger of something destructive: the solid red is kept for the step that confirms it. */
  'destructive-outline':
    'border border-input bg-card text-destructive-text shadow-xs hover:bg-destructive-soft',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive-hover',
} as const

/**
 * A control's height is its min-height; its padding is small enough that a larger font (Arabic's)
 * fits one line inside it, so a control is as tall in every language and grows only when it wraps.
 */
const sizes = {
  md: 'min-h-9 px-3.5 py-1',
  sm: 'min-h-8 px-3 py-0.5',
  icon: 'size-9',
} as const

type ButtonVariant = keyof typeof variants
type ButtonSize = keyof typeof sizes

/** A button's look, for links that act as buttons (e.g. 'Edit'). */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string, size: ButtonSize = 'md') {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium [&_svg]:size-4',
    variants[variant],
    sizes[size],
    className,
  )
}

export function Button({
  variant = 'primary',
  size = 'md',
  icon: Icon,
  loading = false,
  className,
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** A line icon before the label (replaced by a spinner while loading). */
  icon?: LucideIcon
  loading?: boolean
}) {
  // Until the page is interactive, a click would do nothing (or submit a form natively), so the
  // button is disabled; it is dimmed only when it is disabled for a reason the person can see.
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className={buttonClass(variant, cn((disabled || loading) && 'opacity-60', className), size)}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : (
        Icon && <Icon aria-hidden="true" />
      )}
      {children}
    </button>
  )
}
