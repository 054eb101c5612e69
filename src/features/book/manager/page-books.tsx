import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import { ListColumns, ListPage, listRowClass } from '~/components/list-page'
import { hasPermission } from '~/features/auth/permissions'
import { cn } from '~/lib/cn'

import { BookCover } from '../book-cover'
import { booksQuery } from '../queries'

const route = getRouteApi('/manager/books/')

// The book (title over author), its genre and publisher side by side on wide screens; the book
// alone on a phone.
const columns = 'md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]'

/** The manager's catalogue: search as you type (the term lives in the address), page by page. */
export function PageManagerBooks() {
  const { searchTerm } = route.useSearch()
  const { session } = route.useRouteContext()
  const { t } = useTranslation('book')
  const navigate = useNavigate({ from: '/manager/books/' })
  const onSearch = useCallback(
    (term: string) => void navigate({ search: { searchTerm: term }, replace: true }),
    [navigate],
  )
  return (
    <ListPage
      ns="book"
      newTo={hasPermission(session.user.role, { book: ['create'] }) ? '/manager/books/new' : undefined}
      searchTerm={searchTerm}
      onSearch={onSearch}
      query={booksQuery}
      emptyIcon={BookOpen}
      columns={
        <ListColumns
          className={columns}
          names={[t('fields.title'), t('fields.genre'), t('fields.publisher')]}
        />
      }
      renderRow={(book) => (
        <Link to="/manager/books/$id" params={{ id: book.id }} className={cn(listRowClass, columns)}>
          <span className="flex min-w-0 items-center gap-3">
            <BookCover book={book} size="sm" />
            <span className="flex min-w-0 flex-col">
              <span dir="auto" className="truncate font-medium" title={book.title}>
                {book.title}
              </span>
              <span dir="auto" className="truncate text-muted-foreground">
                {book.author}
              </span>
            </span>
          </span>
          <span dir="auto" className="hidden truncate text-muted-foreground md:block">
            {book.genre.name}
          </span>
          <span dir="auto" className="hidden truncate text-muted-foreground md:block">
            {book.publisher ?? ''}
          </span>
        </Link>
      )}
    />
  )
}
