import type { HTMLAttributes } from 'react'

import { cn } from '~/lib/cn'

/** The surface every boxed section stands on: border, radius, the card colour. */
export const cardClass = 'rounded-lg border border-border bg-card shadow-xs'

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn(cardClass, 'p-4 sm:p-5', className)} {...props} />
}
