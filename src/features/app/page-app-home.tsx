import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { EmptyState } from '~/components/ui/empty-state'
import { BookCard } from '~/features/book/app/page-books'
import { newestBooksQuery } from '~/features/book/queries'
import { displayName } from '~/features/user/display-name'
import { cn } from '~/lib/cn'

const appRoute = getRouteApi('/app')

/** How many of the newest books the home page shows: a row of five on a laptop, two by two on a phone. */
const featured = 5

/**
 * The app's home: a greeting, then what is new in the catalogue (the navigation already leads to
 * the catalogue and the account, so the page does not repeat it).
 */
export function PageAppHome() {
  const { t } = useTranslation(['common', 'book'])
  const { session } = appRoute.useRouteContext()
  const books = useSuspenseInfiniteQuery(newestBooksQuery).data.pages[0]?.items.slice(0, featured) ?? []
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('areas:home.welcome', { name: displayName(session.user) })}
        description={t('areas:home.subtitle')}
      />
      <section aria-labelledby="home-books" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="home-books" className="text-lg font-semibold">
            {t('areas:home.newest')}
          </h2>
          <Link
            to="/app/books"
            search={{ sort: 'createdAt', desc: true }}
            className="text-sm font-medium text-primary-text hover:underline"
          >
            {t('areas:home.allBooks')}
          </Link>
        </div>
        {books.length > 0 ? (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-4 lg:grid-cols-5">
            {books.map((book, index) => (
              <li key={book.id} className={cn('min-w-0', index === featured - 1 && 'max-lg:hidden')}>
                <BookCard book={book} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={BookOpen} text={t('book:list.empty')} />
        )}
      </section>
    </div>
  )
}
