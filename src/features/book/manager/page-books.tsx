import { getRouteApi } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import type { ListColumn } from '~/components/data-table'
import { ListPage } from '~/components/list-page'
import { hasPermission } from '~/features/auth/permissions'
import { GenreFilter } from '~/features/genre/genre-filter'
import { useGenreName } from '~/features/genre/genre-name'
import { useFormatDate } from '~/lib/use-format-date'

import { BookCover } from '../book-cover'
import { booksQuery, type BookRow } from '../queries'
import { bookList } from '../schema'
import { BookActions } from './book-actions'

const route = getRouteApi('/manager/books/')

/** The manager's catalogue: search, genre and sort kept in the address, page by page. */
export function PageManagerBooks() {
  const { session } = route.useRouteContext()
  const { t } = useTranslation('book')
  const formatDate = useFormatDate()
  const genreName = useGenreName()
  const columns: Array<ListColumn<BookRow>> = [
    {
      id: 'title',
      header: t('fields.title'),
      // On a phone the author, the other columns hidden, goes under the title.
      cell: ({ row: { original: book } }) => (
        <span className="flex min-w-0 items-center gap-3">
          <BookCover book={book} size="sm" />
          <span className="flex min-w-0 flex-col">
            <span dir="auto" className="line-clamp-2 font-medium">
              {book.title}
            </span>
            <span dir="auto" className="truncate text-muted-foreground md:hidden">
              {book.author}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'author',
      header: t('fields.author'),
      cell: ({ row }) => <bdi>{row.original.author}</bdi>,
      meta: wide,
    },
    {
      id: 'genre',
      header: t('fields.genre'),
      cell: ({ row }) => <bdi>{genreName(row.original.genre)}</bdi>,
      meta: wide,
    },
    {
      id: 'createdAt',
      header: t('fields.createdAt'),
      cell: ({ row }) => formatDate(row.original.createdAt),
      meta: { className: 'max-lg:hidden whitespace-nowrap', descFirst: true },
    },
  ]
  return (
    <ListPage
      ns="book"
      newTo={hasPermission(session.user.role, { book: ['create'] }) ? '/manager/books/new' : undefined}
      view={route.useSearch()}
      list={bookList}
      query={booksQuery}
      emptyIcon={BookOpen}
      columns={columns}
      rowLink={(book) => ({ to: '/manager/books/$id', params: { id: book.id } })}
      rowActions={(book) => <BookActions book={book} role={session.user.role} />}
      filters={(view, change) => <GenreFilter value={view.genre} onChange={(genre) => change({ genre })} />}
    />
  )
}

/** A column shown from tablet width up. */
const wide = { className: 'max-md:hidden' }
