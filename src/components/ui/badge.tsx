import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { cn } from '~/lib/cn'

const tones = {
  neutral: 'bg-muted text-foreground',
  primary: 'bg-primary-soft text-primary-soft-foreground',
  success: 'bg-success-soft text-success-soft-foreground',
  warning: 'bg-warning-soft text-warning-soft-foreground',
  destructive: 'bg-destructive-soft text-destructive-text',
} as const

type BadgeTone = keyof typeof tones

/** A short status (a role, 'Banned', 'Not verified'), optionally with an icon. */
export function Badge({
  tone = 'neutral',
  icon: Icon,
  className,
  children,
}: {
  tone?: BadgeTone
  icon?: LucideIcon
  className?: string
  children: ReactNode
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {Icon && <Icon aria-hidden="true" className="size-3.5" />}
      {children}
    </span>
  )
}
