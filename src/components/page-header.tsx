import { Link, type LinkProps } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'

/** A page's top: an optional way back, its title (and a line under it), what may be done there. */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  back?: ReactNode
}) {
  return (
    <div className="flex flex-col gap-3">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {/* A title may be text someone typed (a book's): isolated in its own direction. */}
          <h1 className="text-2xl font-semibold tracking-tight">
            <bdi>{title}</bdi>
          </h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  )
}

/** 'Back to …': the list or page a detail page belongs to; the arrow turns in right-to-left pages. */
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
