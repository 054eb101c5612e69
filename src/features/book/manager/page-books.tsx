import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'

import { ListPage } from '~/components/list-page'
import { hasPermission } from '~/features/auth/permissions'

import { booksQuery } from '../queries'

const route = getRouteApi('/manager/books/')

/** The manager's catalogue: search as you type (the term lives in the address), page by page. */
export function PageManagerBooks() {
  const { searchTerm } = route.useSearch()
  const { session } = route.useRouteContext()
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
      list={useSuspenseInfiniteQuery(booksQuery(searchTerm))}
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
  )
}
