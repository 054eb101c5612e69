import { Link, type LinkProps } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'

import { cn } from '~/lib/cn'

/** The page's bar: edge to edge of the layout's main area (padded 1 rem, 1.5 rem from md), under its 3.5 rem top bar. */
export const pageBarClass =
  'sticky top-14 z-20 -mx-4 -mt-4 border-b border-border bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:-mt-6 md:px-6'

/**
 * A page's header: an optional way back, the title and subtitle, a search box, and the page's
 * actions. With actions or a search it is the page's bar: it stays under the top bar while the
 * page scrolls, so they remain in reach.
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
  search,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  back?: ReactNode
  search?: ReactNode
}) {
  const bar = Boolean(actions || search)
  return (
    <div data-page-bar={bar || undefined} className={cn('flex flex-col gap-2', bar && pageBarClass)}>
      {back}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          {/* A title may be typed text, such as a book's, so it keeps its own direction. */}
          <h1 className={cn('font-semibold tracking-tight', bar ? 'text-xl' : 'text-2xl')}>
            <bdi>{title}</bdi>
          </h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {search && (
          <div className="order-last max-w-full basis-full md:order-none md:max-w-sm md:flex-1">{search}</div>
        )}
        {actions && (
          // On a phone, three actions or more share the width two by two rather than leave one alone.
          <div className="ms-auto flex flex-wrap gap-2 max-sm:has-[>:nth-child(3)]:grid max-sm:has-[>:nth-child(3)]:w-full max-sm:has-[>:nth-child(3)]:grid-cols-2">
            {actions}
          </div>
        )}
      </div>
    </div>
  )
}

/** A 'Back to …' link to the list or page a detail page belongs to. */
export function BackLink({ label, ...link }: LinkProps & { label: string }) {
  return (
    <Link
      {...link}
      className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  )
}
