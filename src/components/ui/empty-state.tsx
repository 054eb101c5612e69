import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** What a list or page shows when it has nothing: an icon, a sentence and, where it fits, an action. */
export function EmptyState({
  icon: Icon,
  text,
  action,
}: {
  icon: LucideIcon
  text: string
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-input px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon aria-hidden="true" className="size-6 text-muted-foreground" />
      </span>
      <p className="max-w-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  )
}
