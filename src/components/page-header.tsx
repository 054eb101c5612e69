import { Link, type LinkProps } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

/** The page's bar: edge to edge of the layout's main area (padded 1 rem, 1.5 rem from md), under its 3.5 rem top bar. */
export const pageBarClass =
  'sticky top-14 z-20 -mx-4 -mt-4 border-b border-border bg-background px-4 py-3 md:-mx-6 md:-mt-6 md:px-6'

/** A page above the current one in the breadcrumb: its name and its address. */
export type Crumb = LinkProps & { label: string }

/**
 * A page's header: the way back (the pages above it as a breadcrumb before the title), the title
 * and subtitle, a search box, and the page's actions. With actions or a search it is the page's
 * bar: it stays under the top bar while the page scrolls, so they remain in reach.
 */
export function PageHeader({
  title,
  description,
  actions,
  parents = [],
  search,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  /** The pages above this one, outermost first ('Books' above a book), each a link. */
  parents?: Crumb[]
  search?: ReactNode
}) {
  const { t } = useTranslation('common')
  const bar = Boolean(actions || search)
  const element = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = element.current
    const page = node?.parentElement
    if (!bar || !node || !page) return
    // What sticks below the bar (a table's header row) reads its height, which wraps on a phone.
    const observer = new ResizeObserver(() =>
      page.style.setProperty('--page-bar-height', `${node.getBoundingClientRect().height}px`),
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [bar])
  return (
    <div
      ref={element}
      data-page-bar={bar || undefined}
      className={cn('flex flex-col gap-2', bar && pageBarClass)}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <div className={cn('flex min-w-0 items-center gap-1.5', bar ? 'text-xl' : 'text-2xl')}>
            {parents.length > 0 && (
              <nav aria-label={t('breadcrumb')} className="contents">
                {parents.map(({ label, ...link }) => (
                  <span key={label} className="contents">
                    <Link
                      {...link}
                      className="min-w-0 shrink-0 truncate rounded-md font-medium text-muted-foreground hover:text-foreground max-sm:max-w-32"
                    >
                      <bdi>{label}</bdi>
                    </Link>
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 shrink-0 text-muted-foreground rtl:rotate-180"
                    />
                  </span>
                ))}
              </nav>
            )}
            {/* A title may be typed text, such as a book's, so it keeps its own direction. */}
            <h1 className="min-w-0 truncate font-semibold tracking-tight">
              <bdi>{title}</bdi>
            </h1>
          </div>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {search && (
          <div className="order-last max-w-full min-w-0 basis-full md:order-none md:flex-1 md:basis-auto">
            {search}
          </div>
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
