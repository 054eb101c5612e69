/** A new, migrated and seeded PostgreSQL database for one test run, dropped afterwards. */
import postgres from 'postgres'

import { openDatabase } from '~/server/db'
import { seed } from '~/server/db/seed'

/** The PostgreSQL server tests create their databases on, if there is one. */
export const testDatabaseServer = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined

export async function createFreshDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openDatabase({ url: url.toString() })
  await database.migrate()
  await seed(database.db)
  await database.close()
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}

/**
 * A migrated and seeded database for one test file, so it sees no other file's rows: PostgreSQL
 * when available, else an in-memory PGlite.
 */
export async function isolatedDatabase(prefix: string) {
  const serverUrl = testDatabaseServer()
  if (serverUrl) {
    const fresh = await createFreshDatabase(serverUrl, prefix)
    const database = openDatabase({ url: fresh.url })
    return {
      database,
      close: async () => {
        await database.close()
        await fresh.drop()
      },
    }
  }
  const database = openDatabase({ pgliteDir: 'memory://' })
  await database.migrate()
  await seed(database.db)
  return { database, close: () => database.close() }
}
