import type { InfiniteData, UseSuspenseInfiniteQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { SearchInput, SearchResults, useListSearch } from './list-search'
import { type Page, PagedList } from './paged-list'
import { buttonClass } from './ui/button'

/**
 * A manager list page: title with a 'New …' link (when the viewer may create), a search box
 * whose term lives in the address, the results line, the rows and 'Load more'. Its texts are
 * the `list.*` keys of the entity's namespace.
 */
export function ListPage<Item extends { id: string }>({
  ns,
  newTo,
  searchTerm,
  onSearch,
  list,
  renderRow,
}: {
  ns: 'book' | 'user'
  /** Where 'New …' leads; none when the viewer may not create. */
  newTo?: '/manager/books/new' | '/manager/users/new'
  searchTerm: string
  onSearch: (term: string) => void
  list: UseSuspenseInfiniteQueryResult<InfiniteData<Page<Item>>>
  renderRow: (item: Item) => ReactNode
}) {
  const { t } = useTranslation(ns)
  const search = useListSearch(searchTerm, onSearch)
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
        {newTo && (
          <Link to={newTo} className={buttonClass('primary')}>
            {t('list.new')}
          </Link>
        )}
      </div>
      <SearchInput label={t('list.search')} placeholder={t('list.searchPlaceholder')} search={search} />
      <PagedList
        list={list}
        empty={t(searchTerm ? 'list.noResults' : 'list.empty')}
        header={(total) => <SearchResults searchTerm={searchTerm} total={total} search={search} />}
        renderRow={renderRow}
      />
    </div>
  )
}
