import {
  type InfiniteData,
  type UseSuspenseInfiniteQueryOptions,
  useSuspenseInfiniteQuery,
} from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type LucideIcon, Plus, SearchX } from 'lucide-react'
import { type ReactNode, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'

import { cn } from '~/lib/cn'

import { SearchInput, SearchResults, useListSearch } from './list-search'
import { type Page, PagedList } from './paged-list'
import { PageHeader } from './page-header'
import { buttonClass } from './ui/button'
import { EmptyState } from './ui/empty-state'

/**
 * A manager list page: title with a 'New …' link (when the viewer may create), a search box
 * whose term lives in the address, the results line, the rows and 'Load more'. Its texts are
 * the `list.*` keys of the entity's namespace.
 *
 * While a new term's list is on its way, the page keeps showing the last one it has (a deferred
 * value: React renders the new list aside and shows it once it has come), and the search box
 * says it is searching; the box, its focus and what is typed are never replaced.
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
  ns: 'book' | 'user'
  /** The rows' column names, shown above them on wide screens. */
  columns?: ReactNode
  emptyIcon: LucideIcon
  /** Where 'New …' leads; none when the viewer may not create. */
  newTo?: '/manager/books/new' | '/manager/users/new'
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
        actions={
          newTo && (
            <Link to={newTo} className={buttonClass('primary')}>
              <Plus aria-hidden="true" />
              {t('list.new')}
            </Link>
          )
        }
      />
      <SearchInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        search={search}
        searching={search.typing || shownTerm !== searchTerm}
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

/** A row of a manager list: a link across the whole row, laid out in the list's columns. */
export const listRowClass = 'grid items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted'

/** The column names above a manager list's rows, on wide screens (a phone stacks each row). */
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
