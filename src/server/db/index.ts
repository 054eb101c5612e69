/**
 * The database: PostgreSQL when DATABASE_URL is set, otherwise an embedded PGlite, which allows one
 * process per data directory. Both use the same schema and migrations.
 */
import '@tanstack/react-start/server-only'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'

import { actingPglite, actingPostgres, recordActivityOfTables } from './activity'
import { recordPoolSize } from '../metrics'
import { journalEntries } from './journal'
import { observed } from './observed'
import { preparing } from './prepared'
import * as schema from './schema'

export { schema }
export type Db = PostgresJsDatabase<typeof schema>
/** A transaction, which is queried like the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'postgres' | 'pglite'
  migrate(): Promise<void>
  ping(): Promise<boolean>
  /** How many migrations of `migrationsFolder` are not applied here (all of them on a new database). */
  pendingMigrations(): Promise<number>
  close(): Promise<void>
}

/** Where the SQL migrations and drizzle-kit's journal are read from. */
export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle')

/** drizzle's record of the migrations applied: the journal time of the latest, which it compares too. */
const latestAppliedSql =
  'select coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations'

/** The migrations of the folder newer than the latest applied (a database that has no record has none). */
async function countPending(latestApplied: () => Promise<string | undefined>): Promise<number> {
  const latest = Number((await latestApplied().catch(() => undefined)) ?? 0)
  return journalEntries(migrationsFolder).filter((entry) => entry.when > latest).length
}

/** Connections one process may open to PostgreSQL. */
const POOL_SIZE = 10

export function openDatabase(options: { url?: string; pgliteDir?: string }): Database {
  if (options.url) {
    const client = actingPostgres(
      preparing(
        observed(
          postgres(options.url, {
            max: POOL_SIZE,
            onnotice: () => {},
            // Reconnect at most a second apart (the driver's default grows to 20 s), so the app recovers
            // moments after the database returns.
            backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
          }),
        ),
      ),
    )
    recordPoolSize(POOL_SIZE)
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }).then(() => recordActivityOfTables(db)),
      ping: () =>
        client`select 1`.then(
          () => true,
          () => false,
        ),
      pendingMigrations: () =>
        countPending(async () => (await client.unsafe<{ latest: string }[]>(latestAppliedSql))[0]?.latest),
      close: () => client.end({ timeout: 5 }),
    }
  }
  if (options.pgliteDir && !options.pgliteDir.startsWith('memory://')) {
    mkdirSync(options.pgliteDir, { recursive: true })
  }
  const client = actingPglite(new PGlite(options.pgliteDir, { extensions: { pg_trgm } }))
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    // Both drivers share drizzle's query builder; only their result types differ by name.
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(db, { migrationsFolder }).then(() => recordActivityOfTables(db as unknown as Db)),
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    pendingMigrations: () =>
      countPending(async () => (await client.query<{ latest: string }>(latestAppliedSql)).rows[0]?.latest),
    close: () => client.close(),
  }
}
