import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '~/components/ui/button'

import type { getBooks } from './book.functions'
import { booksQuery } from './queries'

/** A page-by-page list of books for a search term: rows, 'Showing X of Y' and 'Load more'. */
export function BookList({
  searchTerm,
  renderRow,
  header,
}: {
  searchTerm: string
  renderRow: (book: BookRow) => ReactNode
  header?: (total: number) => ReactNode
}) {
  const { t } = useTranslation('book')
  const books = useSuspenseInfiniteQuery(booksQuery(searchTerm))
  const items = books.data.pages.flatMap((page) => page.items)
  const total = books.data.pages[0]?.total ?? 0
  return (
    <div className="flex flex-col gap-4">
      {header?.(total)}
      {items.length === 0 ? (
        <p className="text-neutral-600 dark:text-neutral-400">
          {t(searchTerm ? 'list.noResults' : 'list.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {items.map((book) => (
            <li key={book.id}>{renderRow(book)}</li>
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

export type BookRow = Awaited<ReturnType<typeof getBooks>>['items'][number]
