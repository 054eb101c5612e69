import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A column's value as JSON keeps it: text, a number, a yes or no, or nothing. */
export type FieldValue = string | number | boolean | null

/**
 * The activity log: one entry per row a change made, written by a trigger in the change's own
 * transaction (src/server/db/activity.ts attaches it to every table), so a failed change leaves
 * none. Entries are never edited (the database refuses it); old ones are removed after
 * `AUDIT_RETENTION_DAYS`.
 */
export const activity = pgTable(
  'activity',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    // Milliseconds, as a list's cursor keeps them, since the list sorts by it.
    at: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // Who made the change (none: a script or the server itself), and the administrator behind an
    // impersonated session.
    actorId: text(),
    impersonatorId: text(),
    ipAddress: text(),
    userAgent: text(),
    // The table and row changed, and the person the row belongs to (a session's user, say).
    entity: text().notNull(),
    entityId: text().notNull(),
    ownerId: text(),
    // What the row was called then (its title, name or e-mail), for a list that outlives it.
    label: text(),
    // create, update or delete; for people and sessions also setRole, ban, unban, signIn, signOut,
    // revoke, impersonate and stopImpersonating.
    action: text().notNull(),
    // Each field changed, as [before, after] (column names; secrets are never recorded).
    changes: jsonb().$type<Record<string, [FieldValue, FieldValue]>>().notNull().default({}),
  },
  (t) => [
    index('activity_at_id_idx').on(t.at, t.id),
    index('activity_entity_idx').on(t.entity, t.entityId, t.at),
    index('activity_owner_idx').on(t.ownerId, t.at),
    index('activity_actor_idx').on(t.actorId, t.at),
  ],
)
