import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from './ui/button'

export interface Page<Item> {
  items: Item[]
  nextCursor: string | null
  total: number
}

/** A list loaded page by page: rows, 'Showing X of Y' and 'Load more'; `empty` when there are none. */
export function PagedList<Item extends { id: string }>({
  list,
  renderRow,
  header,
  empty,
}: {
  list: UseSuspenseInfiniteQueryResult<InfiniteData<Page<Item>>>
  renderRow: (item: Item) => ReactNode
  header?: (total: number) => ReactNode
  empty: string
}) {
  const { t } = useTranslation('common')
  const items = list.data.pages.flatMap((page) => page.items)
  const total = list.data.pages[0]?.total ?? 0
  const rows = useRef<HTMLUListElement>(null)
  // 'Load more' pressed with this many rows shown: once more are, the focus moves to the first
  // new one (the button is disabled while loading, and gone after the last page, so a keyboard
  // user would otherwise be left nowhere).
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
        <p className="text-neutral-600 dark:text-neutral-400">{empty}</p>
      ) : (
        <ul
          ref={rows}
          className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
        >
          {items.map((item) => (
            <li key={item.id}>{renderRow(item)}</li>
          ))}
        </ul>
      )}
      <p className="text-sm text-neutral-600 dark:text-neutral-400" aria-live="polite">
        {t('list.showing', { count: items.length, total })}
      </p>
      {list.hasNextPage && (
        <Button
          variant="secondary"
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
