import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { useFormatDate } from '~/lib/use-format-date'

import { dashboardQuery } from './queries'

/** What the catalogue and its people look like now, from the database. */
export function PageDashboard() {
  const { t, i18n } = useTranslation('common')
  const formatDate = useFormatDate()
  const { data } = useSuspenseQuery(dashboardQuery)
  const figures = [
    { label: t('dashboard.books'), value: data.books },
    { label: t('dashboard.genres'), value: data.genres },
    { label: t('dashboard.users'), value: data.users },
    { label: t('dashboard.activeSessions'), value: data.activeSessions },
  ]
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('nav.dashboard')}</h1>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
          >
            <dt className="text-sm text-neutral-600 dark:text-neutral-400">{figure.label}</dt>
            <dd className="text-3xl font-semibold">{figure.value.toLocaleString(i18n.language)}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="recent-sign-ins" className="flex flex-col gap-3">
        <h2 id="recent-sign-ins" className="text-lg font-semibold">
          {t('dashboard.recentSignIns')}
        </h2>
        {data.recentSignIns.length === 0 ? (
          <p className="text-neutral-600 dark:text-neutral-400">{t('dashboard.noSignIns')}</p>
        ) : (
          <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
            {data.recentSignIns.map((signIn) => (
              <li key={signIn.id}>
                <Link
                  to="/manager/users/$id"
                  params={{ id: signIn.userId }}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-neutral-50 dark:hover:bg-neutral-900"
                >
                  <span className="flex flex-col">
                    <span className="font-medium">{signIn.name}</span>
                    <span className="text-sm text-neutral-600 dark:text-neutral-400">{signIn.email}</span>
                  </span>
                  <time dateTime={new Date(signIn.at).toISOString()} className="text-sm">
                    {formatDate(signIn.at)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
