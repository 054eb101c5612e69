import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowRight, BookOpen, CircleUser } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { cardClass } from '~/components/ui/card'
import { BookCard } from '~/features/book/app/page-books'
import { booksQuery } from '~/features/book/queries'
import { cn } from '~/lib/cn'
import { displayName } from '~/features/user/display-name'

const appRoute = getRouteApi('/app')

/** How many books the home page shows from the catalogue. */
const featured = 4

/** The app's home: a greeting, a few books from the catalogue, and where to go next. */
export function PageAppHome() {
  const { t } = useTranslation(['common', 'book'])
  const { session } = appRoute.useRouteContext()
  const books = useSuspenseInfiniteQuery(booksQuery('')).data.pages[0]?.items.slice(0, featured) ?? []
  const shortcuts = [
    { to: '/app/books', icon: BookOpen, title: t('book:list.title'), text: t('areas:home.booksText') },
    {
      to: '/app/account',
      icon: CircleUser,
      title: t('areas:nav.account'),
      text: t('areas:home.accountText'),
    },
  ] as const
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('areas:home.welcome', { name: displayName(session.user) })}
        description={t('areas:home.subtitle')}
      />
      <ul className="grid gap-3 sm:grid-cols-2">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.to}>
            <Link
              to={shortcut.to}
              className={cn(cardClass, 'group flex items-center gap-4 p-4 hover:border-primary')}
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
                <shortcut.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{shortcut.title}</span>
                <span className="text-sm text-muted-foreground">{shortcut.text}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
      {books.length > 0 && (
        <section aria-labelledby="home-books" className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-2">
            <h2 id="home-books" className="text-lg font-semibold">
              {t('areas:home.fromCatalogue')}
            </h2>
            <Link to="/app/books" className="text-sm font-medium text-primary hover:underline">
              {t('areas:home.allBooks')}
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-4">
            {books.map((book) => (
              <li key={book.id} className="min-w-0">
                <BookCard book={book} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
