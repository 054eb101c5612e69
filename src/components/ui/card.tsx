import type { HTMLAttributes, ReactNode } from 'react'

import { cn } from '~/lib/cn'

/** The surface every boxed section stands on: border, radius, the card colour. */
export const cardClass = 'rounded-lg border border-border bg-card shadow-xs'

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn(cardClass, 'p-4 sm:p-5', className)} {...props} />
}

/**
 * A card of its own section: its title (the section's name for screen readers), a line saying
 * what it is for, its actions, then its content.
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
      <SectionHeader id={id} title={title} description={description} actions={actions} />
      {children}
    </Card>
  )
}

/**
 * A section's title, the line saying what it is for, then its actions: beside them on a wide
 * screen, under them on a narrow one, so what an action does is read before the action.
 */
export function SectionHeader({
  id,
  title,
  description,
  actions,
}: {
  /** The title's id, which names the section. */
  id: string
  title: string
  description?: string
  actions?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
      <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions}
    </div>
  )
}
