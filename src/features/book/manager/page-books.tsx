import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import { SearchInput, SearchResults, useListSearch } from '~/components/list-search'
import { PagedList } from '~/components/paged-list'
import { buttonClass } from '~/components/ui/button'
import { hasPermission } from '~/features/auth/permissions'

import { booksQuery } from '../queries'

const route = getRouteApi('/manager/books/')

/** The manager's catalogue: search as you type (the term lives in the address), page by page. */
export function PageManagerBooks() {
  const { t } = useTranslation('book')
  const { searchTerm } = route.useSearch()
  const { session } = route.useRouteContext()
  const navigate = useNavigate({ from: '/manager/books/' })
  const search = useListSearch(
    searchTerm,
    useCallback((term: string) => void navigate({ search: { searchTerm: term }, replace: true }), [navigate]),
  )
  const list = useSuspenseInfiniteQuery(booksQuery(searchTerm))

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
        {hasPermission(session.user.role, { book: ['create'] }) && (
          <Link to="/manager/books/new" className={buttonClass('primary')}>
            {t('list.new')}
          </Link>
        )}
      </div>
      <SearchInput label={t('list.search')} placeholder={t('list.searchPlaceholder')} search={search} />
      <PagedList
        list={list}
        empty={t(searchTerm ? 'list.noResults' : 'list.empty')}
        header={(total) => <SearchResults searchTerm={searchTerm} total={total} search={search} />}
        renderRow={(book) => (
          <Link
            to="/manager/books/$id"
            params={{ id: book.id }}
            className="grid grid-cols-1 gap-1 px-4 py-3 hover:bg-neutral-50 sm:grid-cols-3 dark:hover:bg-neutral-900"
          >
            <span className="font-medium">{book.title}</span>
            <span className="text-neutral-600 dark:text-neutral-400">{book.author}</span>
            <span className="text-neutral-600 dark:text-neutral-400">{book.genre.name}</span>
          </Link>
        )}
      />
    </div>
  )
}
