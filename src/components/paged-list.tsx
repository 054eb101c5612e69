import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

import { rememberListLength } from './list-length'
import { Button } from './ui/button'
import { cardClass } from './ui/card'

export interface Page<Item> {
  items: Item[]
  nextCursor: string | null
  total: number
}

const layouts = {
  rows: cn(cardClass, 'divide-y divide-border overflow-hidden'),
  grid: 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5',
} as const

/**
 * A list loaded page by page, with 'Showing X of Y' and 'Load more', or `empty` when there are no
 * rows. `columns` is a header shown above the rows on wide screens.
 */
export function PagedList<Item extends { id: string }>({
  list,
  renderRow,
  header,
  columns,
  empty,
  layout = 'rows',
}: {
  list: UseSuspenseInfiniteQueryResult<InfiniteData<Page<Item>>>
  renderRow: (item: Item) => ReactNode
  header?: (total: number) => ReactNode
  columns?: ReactNode
  empty: ReactNode
  layout?: keyof typeof layouts
}) {
  const { t } = useTranslation('common')
  const items = list.data.pages.flatMap((page) => page.items)
  const total = list.data.pages[0]?.total ?? 0
  const rows = useRef<HTMLUListElement>(null)
  const path = useLocation({ select: (location) => location.pathname })
  const firstPage = list.data.pages[0]?.items.length ?? 0
  useEffect(() => rememberListLength(path, firstPage), [path, firstPage])
  // After 'Load more', move the focus to the first new row, because the button is disabled or gone
  // and a keyboard user would otherwise lose their place.
  const focusFrom = useRef<number | null>(null)
  useEffect(() => {
    const from = focusFrom.current
    if (from === null || items.length <= from) return
    focusFrom.current = null
    rows.current?.children[from]?.querySelector<HTMLElement>('a, button')?.focus()
  }, [items.length])
  return (
    <div className="flex flex-col gap-4">
      {header?.(total)}
      {items.length === 0 ? (
        empty
      ) : (
        <div className={layout === 'rows' ? layouts.rows : undefined}>
          {columns}
          <ul ref={rows} className={layout === 'rows' ? 'divide-y divide-border' : layouts.grid}>
            {items.map((item) => (
              <li key={item.id} className="min-w-0">
                {renderRow(item)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('list.showing', { count: items.length, total })}
      </p>
      {list.hasNextPage && (
        <Button
          variant="outline"
          icon={ChevronDown}
          loading={list.isFetchingNextPage}
          onClick={() => {
            focusFrom.current = items.length
            void list.fetchNextPage()
          }}
        >
          {t('list.loadMore')}
        </Button>
      )}
    </div>
  )
}
