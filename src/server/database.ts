/**
 * The process-wide database. On PGlite and in development it migrates and seeds itself on start;
 * on PostgreSQL in production, run `pnpm db:migrate` when deploying.
 */
import '@tanstack/react-start/server-only'

import { type Database, migrationsFolder, openDatabase } from './db'
import { keepActivityFor } from './db/activity'
import { isEmpty, seed } from './db/seed'
import { watchMigrations } from './db/watch-migrations'
import { serverEnv } from './env'
import { describeError, logger } from './logger'
import { processWide } from './process-wide'
import { outsideRequest } from './request-context'

// One per process, so a hot reload in development does not open the PGlite directory twice, and
// the start-up plugin closes the very pool the requests use.
const holder = processWide(
  'database',
  (): {
    opened?: Promise<Database>
    stopMigrationWatch?: () => void
    stopActivityPruning?: () => void
  } => ({}),
)

async function start(): Promise<Database> {
  const env = serverEnv()
  const database = openDatabase({ url: env.DATABASE_URL || undefined, pgliteDir: env.PGLITE_DIR })
  if (database.kind === 'pglite' || env.NODE_ENV === 'development') {
    await database.migrate()
    if (await isEmpty(database.db)) {
      await seed(database.db)
      logger.info('Seeded an empty database with demo data')
    }
  }
  holder.stopActivityPruning = keepActivityFor(database.db, env.AUDIT_RETENTION_DAYS, (error) =>
    logger.error('Old activity not removed', { error: describeError(error) }),
  )
  if (env.NODE_ENV === 'development')
    holder.stopMigrationWatch = watchMigrations(migrationsFolder, () => database.migrate())
  return database
}

export function database(): Promise<Database> {
  // Opened by whichever request comes first, but as none of them: its seed and timers are the server's.
  holder.opened ??= outsideRequest(start).catch((error: unknown) => {
    // Let the next call try again, because a database that was down may be back.
    holder.opened = undefined
    throw error
  })
  return holder.opened
}

export async function db() {
  return (await database()).db
}

/** Closes the database (its connection pool, or PGlite), so the process can end on shutdown. */
export async function closeDatabase() {
  const opened = holder.opened
  holder.opened = undefined
  holder.stopMigrationWatch?.()
  holder.stopMigrationWatch = undefined
  holder.stopActivityPruning?.()
  holder.stopActivityPruning = undefined
  await (await opened?.catch(() => undefined))?.close()
}
