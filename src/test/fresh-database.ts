/** A new, migrated and seeded PostgreSQL database, dropped afterwards. */
import { openDatabase } from '~/server/db'
import { seed } from '~/server/db/seed'

import { createEmptyDatabase, testDatabaseServer } from './database-server'

export { testDatabaseServer }

export async function createFreshDatabase(serverUrl: string, prefix: string) {
  const fresh = await createEmptyDatabase(serverUrl, prefix)
  const database = openDatabase({ url: fresh.url })
  await database.migrate()
  await seed(database.db)
  await database.close()
  return fresh
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
