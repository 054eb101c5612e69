import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { PagedList } from '~/components/paged-list'
import { EmptyState } from '~/components/ui/empty-state'

import { BookCover, type CoveredBook } from '../book-cover'
import { booksQuery } from '../queries'

/** The app's catalogue: a grid of covers (two across on a phone, five on a laptop), more on demand. */
export function PageBooks() {
  const { t } = useTranslation('book')
  const list = useSuspenseInfiniteQuery(booksQuery(''))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('list.title')} />
      <PagedList
        list={list}
        layout="grid"
        empty={<EmptyState icon={BookOpen} text={t('list.empty')} />}
        renderRow={(book) => <BookCard book={book} />}
      />
    </div>
  )
}

/**
 * A book in a grid: its cover, then a small caption with its title and author (an uploaded cover
 * may not show them legibly), the whole a link to its page.
 */
export function BookCard({ book }: { book: CoveredBook }) {
  return (
    <Link to="/app/books/$id" params={{ id: book.id }} className="group flex flex-col gap-2.5 rounded-md">
      <BookCover book={book} className="transition-transform group-hover:-translate-y-0.5" />
      <span className="flex min-w-0 flex-col">
        <span dir="auto" className="truncate text-sm font-medium" title={book.title}>
          {book.title}
        </span>
        <span dir="auto" className="truncate text-xs text-muted-foreground" title={book.author}>
          {book.author}
        </span>
      </span>
    </Link>
  )
}
