import { getRouteApi, Link } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ListFilter } from '~/components/list-filter'
import { ListSearchBox } from '~/components/list-search'
import { PageHeader } from '~/components/page-header'
import { itemsClass, ListEmpty, PagedList } from '~/components/paged-list'
import { useListView } from '~/components/use-list-view'
import { GenreFilter } from '~/features/genre/genre-filter'
import { cn } from '~/lib/cn'

import { BookCover, type CoveredBook } from '../book-cover'
import { booksQuery } from '../queries'
import { bookList } from '../schema'

const route = getRouteApi('/app/books/')

/** The reader's other sort than by title (the list's default): the newest first. */
const newest = { sort: 'createdAt', desc: true } as const

/**
 * The app's catalogue: a search and a sort in its bar, the genres as chips, then a grid of covers
 * (two across on a phone, five on a laptop), more on demand. The search, sort and genre are kept
 * in the address, as in the manager's list, and fetched by the same server function.
 */
export function PageBooks() {
  const { t } = useTranslation('book')
  const { view, change, search, loading, list, narrowed } = useListView({
    view: route.useSearch(),
    filters: bookList.filters,
    query: booksQuery,
  })
  const byNewest = view.sort === newest.sort && view.desc === newest.desc
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        search={
          <div className="md:max-w-80">
            <ListSearchBox ns="book" search={search} loading={loading} />
          </div>
        }
        // Beside the title on a phone, so the search box has the whole width under them.
        actions={
          <ListFilter
            label={t('list.sort')}
            all={t('list.sortTitle')}
            value={byNewest ? 'newest' : undefined}
            options={[{ value: 'newest', label: t('list.sortNewest') }]}
            onChange={(sort) => change(sort ? newest : { sort: undefined, desc: undefined })}
          />
        }
      />
      <GenreFilter chips value={view.genre} onChange={(genre) => change({ genre })} />
      <PagedList list={list} empty={<ListEmpty ns="book" narrowed={narrowed} icon={BookOpen} />}>
        {(books, rows) => (
          <ul ref={rows} aria-busy={loading} className={cn(itemsClass.grid, loading && 'opacity-70')}>
            {books.map((book) => (
              <li key={book.id} className="min-w-0">
                <BookCard book={book} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  )
}

/**
 * A book in a grid: its cover, then a small caption with its title (on two lines at most) and
 * author (an uploaded cover may not show them legibly), the whole a link to its page.
 */
export function BookCard({ book }: { book: CoveredBook }) {
  return (
    <Link to="/app/books/$id" params={{ id: book.id }} className="group flex flex-col gap-2.5 rounded-md">
      <BookCover book={book} className="transition-transform group-hover:-translate-y-0.5" />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span dir="auto" className="line-clamp-2 text-sm font-medium" title={book.title}>
          {book.title}
        </span>
        <span dir="auto" className="truncate text-xs text-muted-foreground" title={book.author}>
          {book.author}
        </span>
      </span>
    </Link>
  )
}
