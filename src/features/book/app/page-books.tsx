import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { PagedList } from '~/components/paged-list'

import { booksQuery } from '../queries'

/** The app's catalogue: mobile-first, one book per row, more on demand. */
export function PageBooks() {
  const { t } = useTranslation('book')
  const list = useSuspenseInfiniteQuery(booksQuery(''))
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
      <PagedList
        list={list}
        empty={t('list.empty')}
        renderRow={(book) => (
          <Link
            to="/app/books/$id"
            params={{ id: book.id }}
            className="flex flex-col px-4 py-3 hover:bg-neutral-50 focus-visible:bg-neutral-50 dark:hover:bg-neutral-900 dark:focus-visible:bg-neutral-900"
          >
            <span className="font-medium">{book.title}</span>
            <span className="text-sm text-neutral-600 dark:text-neutral-400">{book.author}</span>
          </Link>
        )}
      />
    </div>
  )
}
