import { useSuspenseQuery } from '@tanstack/react-query'
import type { LinkProps } from '@tanstack/react-router'
import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { cardClass, SectionHeader } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { RelativeTime } from '~/components/ui/relative-time'
import { cn } from '~/lib/cn'
import { useFormatDate } from '~/lib/use-format-date'

import { historyQuery, type ActivityEntry } from './queries'

/** Fields a change shows without their values: ids, which say nothing to a person. */
const isReference = (column: string) => column.endsWith('_id') || column === 'impersonated_by'

const camelCase = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())

const timestampPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d/

/**
 * How the log tells an entry: who acted ('Admin', 'Admin as Ann' during an impersonation, 'Folio'
 * for the server itself), the action, the item (its kind and name then) and each field's change.
 * A field is named by its entity's `fields.*` text when the page carries that namespace.
 */
export function useDescribeEntry() {
  const { t } = useTranslation(['activity', 'common'])
  const formatDate = useFormatDate()
  const value = (field: unknown) => {
    if (field === null || field === undefined || field === '') return t('activity:none')
    if (typeof field === 'boolean') return t(field ? 'activity:yes' : 'activity:no')
    if (typeof field === 'string' && timestampPattern.test(field)) return formatDate(field)
    return String(field)
  }
  return (entry: ActivityEntry) => {
    const person = (id: string | null, name: string | null) =>
      id ? (name ?? t('activity:deletedPerson')) : t('activity:system')
    const actor = entry.impersonatorId
      ? t('activity:actorAs', {
          admin: person(entry.impersonatorId, entry.impersonatorName),
          actor: person(entry.actorId, entry.actorName),
        })
      : person(entry.actorId, entry.actorName)
    const entity = t(`activity:entities.${entry.entity}`, { defaultValue: entry.entity.replaceAll('_', ' ') })
    const owner = entry.ownerName ?? entry.ownerEmail
    // A session is named by its person, unless they acted themself; anything else by what it was called.
    const item =
      entry.entity === 'session'
        ? entry.actorId === entry.ownerId
          ? undefined
          : owner
        : (entry.label ?? owner)
    const changes =
      entry.action === 'create' || entry.action === 'delete' || entry.entity === 'session'
        ? []
        : Object.entries(entry.changes).map(([column, [before, after]]) => ({
            field: t(
              [`${entry.entity}:fields.${camelCase(column)}`, `activity:fields.${camelCase(column)}`],
              {
                defaultValue: column.replaceAll('_', ' '),
              },
            ),
            change: isReference(column) ? undefined : { before: value(before), after: value(after) },
          }))
    const device =
      entry.device?.browser && entry.device.os
        ? t('activity:deviceOn', { browser: entry.device.browser, os: entry.device.os })
        : (entry.device?.browser ?? entry.device?.os)
    return {
      actor,
      action: t(`activity:actions.${entry.action}`, { defaultValue: entry.action }),
      entity,
      item,
      changes,
      from: [entry.ipAddress, device].filter(Boolean).join(' · '),
    }
  }
}

/** Where an entry's item is shown: a book's page, a person's page; none for other kinds. */
export function itemLink(entry: ActivityEntry): LinkProps | undefined {
  if (entry.entity === 'book' && entry.action !== 'delete')
    return { to: '/manager/books/$id', params: { id: entry.entityId } }
  if (entry.ownerId && entry.ownerName !== null)
    return { to: '/manager/users/$id', params: { id: entry.ownerId } }
  return undefined
}

/** An entry's field changes: 'Author: Ann → Bea', one per line; an id's change is just named. */
export function EntryChanges({
  changes,
}: {
  changes: ReturnType<ReturnType<typeof useDescribeEntry>>['changes']
}) {
  if (changes.length === 0) return null
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
      {changes.map(({ field, change }) => (
        <li key={field} className="min-w-0 truncate">
          <span className="text-foreground">{field}</span>
          {change && (
            <>
              {': '}
              <bdi className="line-through decoration-muted-foreground/60">{change.before}</bdi>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">, </span>
              <bdi>{change.after}</bdi>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * An item's history on its page: who changed it, when, from where, and each field from what to
 * what, newest first.
 */
export function ItemHistory({ entity, id }: { entity: string; id: string }) {
  const { t } = useTranslation('activity')
  const { data: entries } = useSuspenseQuery(historyQuery(entity, id))
  const describe = useDescribeEntry()
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <SectionHeader id="history-title" title={t('history.title')} />
      <MadeAndChanged entries={entries} />
      {entries.length === 0 ? (
        <EmptyState icon={History} text={t('history.empty')} />
      ) : (
        <ol className={cn(cardClass, 'divide-y divide-border')}>
          {entries.map((entry) => {
            const told = describe(entry)
            return (
              <li key={entry.id} className="flex flex-col gap-1 px-4 py-3">
                <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
                  <span className="font-medium">{told.action}</span>
                  <Dot />
                  <bdi>{told.actor}</bdi>
                  <Dot />
                  <RelativeTime date={entry.at} className="text-muted-foreground" />
                </p>
                <EntryChanges changes={told.changes} />
                {told.from && <p className="text-xs text-muted-foreground">{told.from}</p>}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

const Dot = () => (
  <span aria-hidden="true" className="text-muted-foreground">
    ·
  </span>
)

/**
 * 'Created 3 days ago by Admin', then 'Updated 2 minutes ago by Ann' when it changed since: the
 * first and the latest entries of an item's history, newest first.
 */
function MadeAndChanged({ entries }: { entries: ActivityEntry[] }) {
  const { t } = useTranslation('activity')
  const describe = useDescribeEntry()
  const created = entries.findLast((entry) => entry.action === 'create')
  const latest = entries.find(
    (entry) => entry !== created && entry.action !== 'signIn' && entry.action !== 'signOut',
  )
  if (!created && !latest) return null
  return (
    <p className="-mt-1 flex flex-col text-sm text-muted-foreground">
      {created && (
        <RelativeTime
          date={created.at}
          phrase={(when) => t('created', { when, who: describe(created).actor })}
        />
      )}
      {latest && (
        <RelativeTime
          date={latest.at}
          phrase={(when) => t('updated', { when, who: describe(latest).actor })}
        />
      )}
    </p>
  )
}
