import { getRouteApi } from '@tanstack/react-router'
import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import type { ListColumn } from '~/components/data-table'
import { ListFilter } from '~/components/list-filter'
import { ListPage } from '~/components/list-page'
import { RelativeTime } from '~/components/ui/relative-time'
import { type Period, periods } from '~/lib/periods'

import { EntryChanges, itemLink, useDescribeEntry } from './activity-entry'
import { activityQuery, type ActivityEntry } from './queries'
import { activityActions, activityList } from './schema'

const route = getRouteApi('/manager/activity')

/** The kinds of item the log names, for its filter; a generated entity's table joins them when seen. */
const knownEntities = ['book', 'genre', 'user', 'session', 'passkey']

/** Everything changed through Folio, newest first: filtered by person, kind, action and period. */
export function PageActivity() {
  const { t } = useTranslation('activity')
  const describe = useDescribeEntry()
  const view = route.useSearch()
  const columns: Array<ListColumn<ActivityEntry>> = [
    {
      id: 'what',
      header: t('columns.what'),
      cell: ({ row: { original: entry } }) => {
        const told = describe(entry)
        return (
          <span className="flex min-w-0 flex-col">
            <span className="truncate">
              <span className="font-medium">{told.action}</span>
              {/* A session's actions say what they are; anything else is named by its kind. */}
              {entry.entity !== 'session' && <span className="text-muted-foreground"> {told.entity}</span>}
            </span>
            {told.item && (
              <bdi className="truncate text-muted-foreground" title={told.item}>
                {told.item}
              </bdi>
            )}
            {/* On a phone, who and when join the item, their columns hidden. */}
            <span className="truncate text-muted-foreground sm:hidden">
              <bdi>{told.actor}</bdi> · <RelativeTime date={entry.at} />
            </span>
          </span>
        )
      },
    },
    {
      id: 'who',
      header: t('columns.who'),
      cell: ({ row }) => <bdi className="block truncate">{describe(row.original).actor}</bdi>,
      meta: { className: 'max-sm:hidden' },
    },
    {
      id: 'changes',
      header: t('columns.changes'),
      cell: ({ row }) => <EntryChanges changes={describe(row.original).changes} />,
      meta: { className: 'max-lg:hidden' },
    },
    {
      id: 'from',
      header: t('columns.from'),
      cell: ({ row }) => (
        <span className="block truncate text-muted-foreground">{describe(row.original).from}</span>
      ),
      meta: { className: 'max-xl:hidden' },
    },
    {
      id: 'when',
      header: t('columns.when'),
      cell: ({ row }) => (
        <RelativeTime date={row.original.at} className="whitespace-nowrap text-muted-foreground" />
      ),
      meta: { className: 'whitespace-nowrap max-sm:hidden' },
    },
  ]
  const entities =
    view.entity && !knownEntities.includes(view.entity) ? [...knownEntities, view.entity] : knownEntities
  return (
    <ListPage
      ns="activity"
      view={view}
      list={activityList}
      query={activityQuery}
      emptyIcon={History}
      columns={columns}
      rowLink={itemLink}
      filters={(current, change) => (
        <>
          {current.person && (
            <ListFilter
              label={t('filters.person')}
              all={t('filters.anyone')}
              value={current.person}
              options={[{ value: current.person, label: t('filters.thisPerson') }]}
              onChange={(person) => change({ person })}
            />
          )}
          <ListFilter
            label={t('filters.entity')}
            all={t('filters.anyEntity')}
            value={current.entity}
            options={entities.map((entity) => ({
              value: entity,
              label: t(`entities.${entity}`, { defaultValue: entity.replaceAll('_', ' ') }),
            }))}
            onChange={(entity) => change({ entity })}
          />
          <ListFilter
            label={t('filters.action')}
            all={t('filters.anyAction')}
            value={current.action}
            options={activityActions.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
            onChange={(action) => change({ action })}
          />
          <ListFilter
            label={t('filters.period')}
            all={t('filters.anyTime')}
            value={current.period}
            options={Object.entries(periods).map(([value, days]) => ({
              value: value as Period,
              label: t('filters.lastDays', { count: days }),
            }))}
            onChange={(period) => change({ period })}
          />
        </>
      )}
    />
  )
}
