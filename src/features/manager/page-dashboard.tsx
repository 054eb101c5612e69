import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { getDashboardFigures } from './dashboard.functions'

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard', 'figures'],
  queryFn: () => getDashboardFigures(),
})

export function PageDashboard() {
  const { t, i18n } = useTranslation('common')
  const { data } = useSuspenseQuery(dashboardQuery)
  const figures = [
    { label: t('dashboard.books'), value: data.books },
    { label: t('dashboard.genres'), value: data.genres },
    { label: t('dashboard.users'), value: data.users },
  ]
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('nav.dashboard')}</h1>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
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
    </div>
  )
}
