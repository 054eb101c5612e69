import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query'
import { Link, type LinkProps, useLocation } from '@tanstack/react-router'
import { ChevronDown, type LucideIcon, SearchX } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { Namespace } from '@/app.config'
import { cn } from '~/lib/cn'

import { listLengthOf, rememberListLength } from './list-length'
import { Button } from './ui/button'
import { cardClass } from './ui/card'
import { EmptyState } from './ui/empty-state'

/** The element holding a list's items: rows in a card, or a grid of covers. */
export const itemsClass = {
  rows: cn(cardClass, 'divide-y divide-border overflow-hidden'),
  grid: 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5',
} as const

export interface Page<Item> {
  items: Item[]
  nextCursor: string | null
  total: number
}

/**
 * A list loaded page by page: its items (drawn by `children`, which puts `rows` on the element
 * holding one child per item), then 'Showing X of Y' and 'Load more'; `empty` when there are none.
 */
export function PagedList<Item extends { id: string }>({
  list,
  empty,
  children,
}: {
  list: UseSuspenseInfiniteQueryResult<InfiniteData<Page<Item>>>
  empty: ReactNode
  children: (items: Item[], rows: (element: HTMLElement | null) => void) => ReactNode
}) {
  const { t } = useTranslation('common')
  const items = list.data.pages.flatMap((page) => page.items)
  const total = list.data.pages[0]?.total ?? 0
  const [rows, setRows] = useState<HTMLElement | null>(null)
  const path = useLocation({ select: (location) => location.pathname })
  const firstPage = list.data.pages[0]?.items.length ?? 0
  useEffect(() => {
    // An empty list has no row to measure: its rows keep the height they had.
    const rowHeight = rows?.firstElementChild?.getBoundingClientRect().height ?? listLengthOf(path).rowHeight
    if (rowHeight > 0) rememberListLength(path, { rows: firstPage, rowHeight })
  }, [path, firstPage, rows])
  // After 'Load more', move the focus to the first new row, because the button is disabled or gone
  // and a keyboard user would otherwise lose their place.
  const focusFrom = useRef<number | null>(null)
  useEffect(() => {
    const from = focusFrom.current
    if (from === null || items.length <= from) return
    focusFrom.current = null
    rows?.children[from]?.querySelector<HTMLElement>('a, button')?.focus()
  }, [items.length, rows])
  if (items.length === 0) return empty
  return (
    <div className="flex flex-col gap-4">
      {children(items, setRows)}
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

/**
 * One of a list's rows (in \`itemsClass.rows\`): a link to an item's page showing its name, then
 * what may be done with the item (\`children\`, such as a remove button).
 */
export function ItemRow({ link, name, children }: { link: LinkProps; name: string; children?: ReactNode }) {
  return (
    <li className={cn('flex items-center', Boolean(children) && 'gap-2 pe-2')}>
      <Link {...link} className="flex min-h-13 min-w-0 flex-1 items-center px-4 py-2 hover:bg-muted">
        <span dir="auto" className="min-w-0 font-medium [overflow-wrap:anywhere]">
          {name}
        </span>
      </Link>
      {children}
    </li>
  )
}

/**
 * What a list shows with no items, in the list's namespace: `list.noResults` when a search or a
 * filter left none (`narrowed`), or else `list.empty` with the entity's icon and a way to add one.
 */
export function ListEmpty({
  ns,
  narrowed,
  icon,
  action,
}: {
  ns: Namespace
  narrowed: boolean
  icon: LucideIcon
  action?: ReactNode
}) {
  const { t } = useTranslation(ns)
  return (
    <EmptyState
      icon={narrowed ? SearchX : icon}
      text={t(narrowed ? 'list.noResults' : 'list.empty')}
      action={!narrowed && action}
    />
  )
}
