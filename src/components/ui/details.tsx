import type { ReactNode } from 'react'

import { cn } from '~/lib/cn'

import { cardClass } from './card'

/** A record's fields on a card: each name beside its value, the value in its own direction. */
export function Details({
  fields,
  className,
}: {
  fields: Array<{ label: string; value: ReactNode }>
  className?: string
}) {
  return (
    <dl
      className={cn(
        cardClass,
        'grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 p-4 text-sm sm:p-5',
        className,
      )}
    >
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="text-muted-foreground">{field.label}</dt>
          <dd className="font-medium">
            <bdi>{field.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}
