import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button, buttonClass } from '~/components/ui/button'
import { hasPermission } from '~/features/auth/permissions'
import { inputClass } from '~/components/ui/field'
import { useDebouncedValue } from '~/lib/use-debounced-value'

import { BookList } from '../book-list'

const route = getRouteApi('/manager/books/')
const SEARCH_DEBOUNCE_MS = 300

/** The manager's catalogue: search as you type (the term lives in the address), page by page. */
export function PageManagerBooks() {
  const { t } = useTranslation('book')
  const { searchTerm } = route.useSearch()
  const { session } = route.useRouteContext()
  const navigate = useNavigate({ from: '/manager/books/' })
  const [draft, setDraft] = useState(searchTerm)
  const debounced = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS)

  useEffect(() => {
    if (debounced !== searchTerm) void navigate({ search: { searchTerm: debounced }, replace: true })
  }, [debounced, searchTerm, navigate])

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
      <div className="flex flex-col gap-1.5">
        <label htmlFor="book-search" className="text-sm font-medium">
          {t('list.search')}
        </label>
        <input
          id="book-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('list.searchPlaceholder')}
          className={inputClass()}
        />
      </div>
      <BookList
        searchTerm={searchTerm}
        header={(total) =>
          searchTerm ? (
            <div className="flex items-center gap-3 text-sm">
              <p aria-live="polite">{t('list.results', { count: total, term: searchTerm })}</p>
              <Button variant="secondary" className="px-2 py-1 text-sm" onClick={() => setDraft('')}>
                {t('list.clear')}
              </Button>
            </div>
          ) : null
        }
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
