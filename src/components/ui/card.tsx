import type { HTMLAttributes, ReactNode } from 'react'

import { cn } from '~/lib/cn'

/** The surface every boxed section stands on: border, radius, the card colour. */
export const cardClass = 'rounded-lg border border-border bg-card shadow-xs'

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn(cardClass, 'p-4 sm:p-5', className)} {...props} />
}

/**
 * A card of its own section: its title (the section's name for screen readers), actions beside
 * it, a line saying what it is for, then its content.
 */
export function CardSection({
  id,
  title,
  actions,
  description,
  children,
}: {
  /** The title's id, which names the section. */
  id: string
  title: string
  actions?: ReactNode
  description?: string
  children: ReactNode
}) {
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {actions}
        </div>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </Card>
  )
}
