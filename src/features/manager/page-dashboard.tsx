import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Activity, BookOpen, LogIn, Tags, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { cardClass } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Avatar } from '~/components/user-menu'
import { cn } from '~/lib/cn'
import { useFormatDate } from '~/lib/use-format-date'

import { dashboardQuery } from './queries'
import { displayName } from '~/features/user/display-name'

/** What the catalogue and its people look like now, from the database. */
export function PageDashboard() {
  const { t, i18n } = useTranslation(['common', 'book'])
  const formatDate = useFormatDate()
  const { data } = useSuspenseQuery(dashboardQuery)
  const number = (value: number) => value.toLocaleString(i18n.language)
  const figures = [
    { label: t('areas:dashboard.books'), value: data.books, icon: BookOpen },
    { label: t('areas:dashboard.genres'), value: data.genres, icon: Tags },
    { label: t('areas:dashboard.users'), value: data.users, icon: Users },
    { label: t('areas:dashboard.activeSessions'), value: data.activeSessions, icon: Activity },
  ]
  const most = Math.max(1, ...data.booksPerGenre.map((genre) => genre.books))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('areas:nav.dashboard')} description={t('areas:dashboard.subtitle')} />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className={cn(cardClass, 'flex flex-col gap-2 p-4')}>
            <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
              {figure.label}
              <figure.icon aria-hidden="true" className="size-4 shrink-0" />
            </dt>
            <dd className="text-2xl font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-3xl">
              {number(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="books-per-genre"
          className={cn(cardClass, 'flex flex-col gap-4 p-4 sm:p-5')}
        >
          <div className="flex flex-col gap-1">
            <h2 id="books-per-genre" className="font-semibold">
              {t('areas:dashboard.booksPerGenre')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('areas:dashboard.booksPerGenreHint')}</p>
          </div>
          {data.booksPerGenre.length === 0 ? (
            <EmptyState icon={Tags} text={t('areas:dashboard.noBooks')} />
          ) : (
            // A bar chart that is also a table: a screen reader reads each genre and its count.
            <table className="w-full table-fixed border-separate border-spacing-y-2 text-sm">
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('book:fields.genre')}</th>
                  <th scope="col">{t('areas:dashboard.books')}</th>
                </tr>
              </thead>
              <tbody>
                {data.booksPerGenre.map((genre) => (
                  <tr key={genre.name}>
                    {/* The cell keeps the page's direction, so its padding stays on the bar's side and
                        every name starts on the same side; the name inside takes its own direction. */}
                    <th scope="row" className="w-1/3 pe-3 text-start font-normal text-muted-foreground">
                      <span className="block truncate" title={genre.name}>
                        <bdi>{genre.name}</bdi>
                      </span>
                    </th>
                    <td>
                      <span className="flex items-center gap-2">
                        <span
                          aria-hidden="true"
                          className="h-5 min-w-0 rounded-e-sm bg-primary"
                          style={{ width: `${Math.max(2, (genre.books / most) * 85)}%` }}
                        />
                        <span className="shrink-0 whitespace-nowrap tabular-nums">{number(genre.books)}</span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section
          aria-labelledby="recent-sign-ins"
          className={cn(cardClass, 'flex flex-col gap-3 p-4 sm:p-5')}
        >
          <h2 id="recent-sign-ins" className="font-semibold">
            {t('areas:dashboard.recentSignIns')}
          </h2>
          {data.recentSignIns.length === 0 ? (
            <EmptyState icon={LogIn} text={t('areas:dashboard.noSignIns')} />
          ) : (
            <ul className="-mx-2 flex flex-col">
              {data.recentSignIns.map((signIn) => (
                <li key={signIn.id}>
                  <Link
                    to="/manager/users/$id"
                    params={{ id: signIn.userId }}
                    className="flex items-center gap-3 rounded-md p-2 hover:bg-muted"
                  >
                    <Avatar user={{ ...signIn, id: signIn.userId }} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span dir="auto" className="truncate font-medium">
                        {displayName(signIn)}
                      </span>
                      {/* Without a name, the e-mail is already the line above. */}
                      {signIn.name.trim() && (
                        <span className="truncate text-sm text-muted-foreground">{signIn.email}</span>
                      )}
                    </span>
                    <time
                      dateTime={new Date(signIn.at).toISOString()}
                      className="shrink-0 text-xs whitespace-nowrap text-muted-foreground"
                    >
                      {formatDate(signIn.at)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
