import '@tanstack/react-start/server-only'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod/mini'

import { appConfig } from '@/app.config'
import { db } from '~/server/database'
import { type Db, schema, type Tx } from '~/server/db'
import { fastSearch } from '~/server/db/fast-search'
import { deviceOf } from '~/features/user/device'
import { daysOf } from '~/lib/periods'

import type { activityList, zHistoryOf } from './schema'

const { activity, user } = schema
const actor = alias(user, 'actor')
const owner = alias(user, 'owner')
const impersonator = alias(user, 'impersonator')

/** What the log shows of an entry: the people by their names today, the item as it was called then. */
const activityRows = (database: Db | Tx) =>
  database
    .select({
      id: activity.id,
      at: activity.at,
      action: activity.action,
      entity: activity.entity,
      entityId: activity.entityId,
      label: activity.label,
      changes: activity.changes,
      ipAddress: activity.ipAddress,
      userAgent: activity.userAgent,
      actorId: activity.actorId,
      actorName: actor.name,
      actorEmail: actor.email,
      impersonatorId: activity.impersonatorId,
      impersonatorName: impersonator.name,
      ownerId: activity.ownerId,
      ownerName: owner.name,
      ownerEmail: owner.email,
    })
    .from(activity)
    .leftJoin(actor, eq(actor.id, activity.actorId))
    .leftJoin(owner, eq(owner.id, activity.ownerId))
    .leftJoin(impersonator, eq(impersonator.id, activity.impersonatorId))
    .$dynamic()

/**
 * The log, newest first. A search looks through the item's name and what changed; no index holds
 * that text, which a scan reads quickly at a year of a team's changes.
 */
const entries = fastSearch({
  table: activity,
  sorts: { at: activity.at },
  filters: {
    // A person's doing, or what was done to them.
    person: (id) => or(eq(activity.actorId, id), eq(activity.ownerId, id)),
    entity: (entity) => eq(activity.entity, entity),
    action: (action) => eq(activity.action, action),
    period: (period) => sql`${activity.at} > now() - make_interval(days => ${daysOf(period)})`,
  },
  text: sql`lower(coalesce(${activity.label}, '') || ' ' || ${activity.changes}::text)`,
  rows: activityRows,
})

/** An entry for the browser: its device read from the user agent here, so no parser travels there. */
const withDevice = <Row extends { userAgent: string | null }>({ userAgent, ...entry }: Row) => ({
  ...entry,
  device: userAgent ? deviceOf(userAgent) : undefined,
})

export async function listActivity(
  input: z.output<typeof activityList.input>,
  pageSize: number = appConfig.pageSizes.activity,
) {
  const page = await entries.page(await db(), { ...input, sort: 'at', desc: true }, pageSize)
  return { ...page, items: page.items.map(withDevice) }
}

/** The latest entries about one item (a person's include their sessions), newest first. */
export async function itemHistory({ entity, id }: z.output<typeof zHistoryOf>, limit = 50) {
  return activityRows(await db())
    .where(
      entity === 'user'
        ? eq(activity.ownerId, id)
        : and(eq(activity.entity, entity), eq(activity.entityId, id)),
    )
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(limit)
    .then((rows) => rows.map(withDevice))
}
