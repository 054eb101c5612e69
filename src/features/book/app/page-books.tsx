import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'

import { booksQuery } from '../queries'

/** The app's catalogue: mobile-first, one book per row, more on demand. */
export function PageBooks() {
  const { t } = useTranslation('book')
  const books = useSuspenseInfiniteQuery(booksQuery(''))
  const items = books.data.pages.flatMap((page) => page.items)
  const total = books.data.pages[0]?.total ?? 0
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
      {items.length === 0 ? (
        <p className="text-neutral-600 dark:text-neutral-400">{t('list.empty')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {items.map((book) => (
            <li key={book.id}>
              <Link
                to="/app/books/$id"
                params={{ id: book.id }}
                className="flex flex-col px-4 py-3 hover:bg-neutral-50 focus-visible:bg-neutral-50 dark:hover:bg-neutral-900"
              >
                <span className="font-medium">{book.title}</span>
                <span className="text-sm text-neutral-600 dark:text-neutral-400">{book.author}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-neutral-600 dark:text-neutral-400" aria-live="polite">
        {t('list.showing', { count: items.length, total })}
      </p>
      {books.hasNextPage && (
        <Button
          variant="secondary"
          loading={books.isFetchingNextPage}
          onClick={() => void books.fetchNextPage()}
        >
          {t('list.loadMore')}
        </Button>
      )}
    </div>
  )
}
