import {
  type InfiniteData,
  type UseSuspenseInfiniteQueryOptions,
  useSuspenseInfiniteQuery,
} from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import { type LucideIcon, Plus, SearchX } from 'lucide-react'
import { type ReactNode, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'

import type { Namespace } from '@/app.config'
import { cn } from '~/lib/cn'

import { SearchInput, SearchResults, useListSearch } from './list-search'
import { type Page, PagedList } from './paged-list'
import { PageHeader } from './page-header'
import { buttonClass } from './ui/button'
import { EmptyState } from './ui/empty-state'

/**
 * A manager list page: title, 'New …' link, a search box kept in the address, and the rows. While
 * a new search loads, the old list stays on screen, so the box never loses its focus or text.
 */
export function ListPage<Item extends { id: string }>({
  ns,
  newTo,
  searchTerm,
  onSearch,
  query,
  renderRow,
  columns,
  emptyIcon,
}: {
  /** The entity's namespace, whose `list.*` keys hold the page's texts. */
  ns: Namespace
  /** The rows' column names, shown above them on wide screens. */
  columns?: ReactNode
  emptyIcon: LucideIcon
  /** Where 'New …' leads; undefined when the viewer may not create. */
  newTo?: LinkProps['to']
  searchTerm: string
  onSearch: (term: string) => void
  /** The list for a search term. */
  query: (
    searchTerm: string,
  ) => UseSuspenseInfiniteQueryOptions<
    Page<Item>,
    Error,
    InfiniteData<Page<Item>>,
    string[],
    string | undefined
  >
  renderRow: (item: Item) => ReactNode
}) {
  const { t } = useTranslation(ns)
  const search = useListSearch(searchTerm, onSearch)
  const shownTerm = useDeferredValue(searchTerm)
  const list = useSuspenseInfiniteQuery(query(shownTerm))
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        search={
          <SearchInput
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            search={search}
            searching={search.typing || shownTerm !== searchTerm}
          />
        }
        actions={
          newTo && (
            <Link to={newTo} className={buttonClass('primary')}>
              <Plus aria-hidden="true" />
              {t('list.new')}
            </Link>
          )
        }
      />
      <PagedList
        list={list}
        columns={columns}
        empty={
          <EmptyState
            icon={shownTerm ? SearchX : emptyIcon}
            text={t(shownTerm ? 'list.noResults' : 'list.empty')}
            action={
              !shownTerm &&
              newTo && (
                <Link to={newTo} className={buttonClass('outline')}>
                  <Plus aria-hidden="true" />
                  {t('list.new')}
                </Link>
              )
            }
          />
        }
        header={(total) => <SearchResults searchTerm={shownTerm} total={total} />}
        renderRow={renderRow}
      />
    </div>
  )
}

/** Classes for a manager list row: a link across the whole row, in the list's columns. */
export const listRowClass = 'grid min-h-13 items-center gap-x-4 gap-y-1 px-4 py-2 hover:bg-muted'

/** The column names above a manager list's rows, on wide screens only. */
export function ListColumns({ names, className }: { names: string[]; className: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'hidden gap-x-4 bg-muted px-4 py-2 text-xs font-medium text-muted-foreground md:grid',
        className,
      )}
    >
      {names.map((name) => (
        <span key={name}>{name}</span>
      ))}
    </div>
  )
}
