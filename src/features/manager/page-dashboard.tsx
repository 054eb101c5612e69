import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router'
import {
  BookPlus,
  LogIn,
  type LucideIcon,
  Minus,
  Tags,
  TrendingDown,
  TrendingUp,
  UserPlus,
  Users,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { Badge } from '~/components/ui/badge'
import { cardClass } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { RelativeTime } from '~/components/ui/relative-time'
import { Avatar } from '~/components/user-menu'
import { useGenreName } from '~/features/genre/genre-name'
import { displayName } from '~/features/user/display-name'
import { cn } from '~/lib/cn'
import { type Period, periods } from '~/lib/periods'

import { dashboardQuery, type FigureOverTime } from './queries'

const route = getRouteApi('/manager/dashboard/')

/** The catalogue and its people over a period (in the address), against the period before. */
export function PageDashboard() {
  const { t, i18n } = useTranslation(['common', 'book'])
  const { period } = route.useSearch()
  const { data } = useSuspenseQuery(dashboardQuery(period))
  const genreName = useGenreName()
  const number = (value: number) => value.toLocaleString(i18n.language)
  const figures: Array<{ label: string; figure: FigureOverTime; icon: LucideIcon; link: LinkProps }> = [
    {
      label: t('areas:dashboard.signIns'),
      figure: data.signIns,
      icon: LogIn,
      link: { to: '/manager/activity', search: { action: 'signIn', period } },
    },
    {
      label: t('areas:dashboard.activePeople'),
      figure: data.activePeople,
      icon: Users,
      link: { to: '/manager/users', search: { seen: period } },
    },
    {
      label: t('areas:dashboard.newUsers'),
      figure: data.newUsers,
      icon: UserPlus,
      link: { to: '/manager/users', search: { sort: 'createdAt', desc: true } },
    },
    {
      label: t('areas:dashboard.booksAdded'),
      figure: data.booksAdded,
      icon: BookPlus,
      link: { to: '/manager/books', search: { sort: 'createdAt', desc: true } },
    },
  ]
  const most = Math.max(1, ...data.booksPerGenre.map((genre) => genre.books))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('areas:nav.dashboard')}
        description={t('areas:dashboard.subtitle')}
        actions={<PeriodPicker period={period} />}
      />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map(({ label, figure, icon: Icon, link }) => (
          <li key={label}>
            <Link
              {...link}
              className={cn(
                cardClass,
                'flex h-full flex-col gap-3 p-4 transition-colors hover:border-ring/60 hover:bg-muted/40',
              )}
            >
              <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                {label}
                <Icon aria-hidden="true" className="size-4 shrink-0" />
              </span>
              <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="text-2xl font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-3xl">
                  {number(figure.total)}
                </span>
                <Change figure={figure} />
              </span>
              <PerDay figure={figure} />
              <span className="text-xs text-muted-foreground">
                {t('areas:dashboard.previous', { count: periods[period], previous: number(figure.previous) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
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
                  <tr key={genre.id}>
                    {/* The cell keeps the page's direction, so its padding stays on the bar's side and
                        every name starts on the same side; the name inside takes its own direction. */}
                    <th scope="row" className="w-1/3 pe-3 text-start font-normal text-muted-foreground">
                      <span className="block truncate" title={genreName(genre)}>
                        <bdi>{genreName(genre)}</bdi>
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
                <li key={signIn.userId}>
                  <Link
                    to="/manager/users/$id"
                    params={{ id: signIn.userId }}
                    className="flex items-center gap-3 rounded-md p-2 hover:bg-muted"
                  >
                    <Avatar user={{ ...signIn, id: signIn.userId }} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      {/* Each line in its own direction, at the start of either kind of page, and cut at
                          its end. */}
                      <span dir="auto" className="max-w-full self-start truncate font-medium">
                        {displayName(signIn)}
                      </span>
                      {/* Without a name, the e-mail is already the line above. */}
                      {signIn.name.trim() && (
                        <span
                          dir="auto"
                          className="max-w-full self-start truncate text-sm text-muted-foreground"
                        >
                          {signIn.email}
                        </span>
                      )}
                    </span>
                    <RelativeTime
                      date={signIn.at}
                      className="shrink-0 text-xs whitespace-nowrap text-muted-foreground"
                    />
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

/** The period, as links that keep it in the address: 7, 30 or 90 days. */
function PeriodPicker({ period }: { period: Period }) {
  const { t } = useTranslation('areas')
  return (
    <nav aria-label={t('dashboard.period')} className="flex rounded-md border border-border bg-muted p-0.5">
      {Object.entries(periods).map(([value, days]) => (
        <Link
          key={value}
          to="/manager/dashboard"
          search={{ period: value as Period }}
          replace
          aria-current={value === period ? 'page' : undefined}
          className={cn(
            'rounded-sm px-2.5 py-1 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground',
            value === period && 'bg-card text-foreground shadow-xs',
          )}
        >
          {t('dashboard.days', { count: days })}
        </Link>
      ))}
    </nav>
  )
}

/** The change against the period before: up, down or none, in percent; 'New' from nothing. */
function Change({ figure: { total, previous } }: { figure: FigureOverTime }) {
  const { t, i18n } = useTranslation('areas')
  if (total === previous)
    return (
      <Badge icon={Minus} className="text-muted-foreground">
        {t('dashboard.noChange')}
      </Badge>
    )
  if (previous === 0)
    return (
      <Badge tone="success" icon={TrendingUp}>
        {t('dashboard.new')}
      </Badge>
    )
  const change = (total - previous) / previous
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(change)
  return (
    <Badge tone={change > 0 ? 'success' : 'warning'} icon={change > 0 ? TrendingUp : TrendingDown}>
      {percent}
    </Badge>
  )
}

/** A bar per day of the period, tallest the busiest; read as its busiest day's count. */
function PerDay({ figure }: { figure: FigureOverTime }) {
  const { t, i18n } = useTranslation('areas')
  const most = Math.max(0, ...figure.days.map((day) => day.n))
  return (
    <span
      role="img"
      aria-label={t('dashboard.perDay', { most: most.toLocaleString(i18n.language) })}
      className="flex h-10 items-end gap-px"
    >
      {figure.days.map((day) => (
        <span
          key={day.day}
          className={cn('min-w-0 flex-1 rounded-t-[1px]', day.n > 0 ? 'bg-primary/70' : 'bg-border')}
          style={{ height: day.n > 0 ? `${Math.max(8, (day.n / Math.max(1, most)) * 100)}%` : '2px' }}
        />
      ))}
    </span>
  )
}
