import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { cn } from '~/lib/cn'

/**
 * What a list or page shows when it has nothing: an icon, a sentence and, where it fits, an
 * action. `compact` is for a list inside a card (a few lines, not a page's worth of room).
 */
export function EmptyState({
  icon: Icon,
  text,
  action,
  compact = false,
}: {
  icon: LucideIcon
  text: string
  action?: ReactNode
  compact?: boolean
}) {
  return (
    <div
      className={cn(
        'flex items-center rounded-lg border border-dashed border-input text-center',
        compact ? 'justify-center gap-2 px-4 py-4 text-sm' : 'flex-col gap-3 px-6 py-12',
      )}
    >
      <span
        className={cn(
          'flex shrink-0 items-center justify-center rounded-full bg-muted',
          compact ? 'size-8' : 'size-12',
        )}
      >
        <Icon aria-hidden="true" className={cn('text-muted-foreground', compact ? 'size-4' : 'size-6')} />
      </span>
      <p className="max-w-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  )
}
