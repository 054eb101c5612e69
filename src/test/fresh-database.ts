/** A new, migrated and seeded PostgreSQL database for one test run, dropped afterwards. */
import postgres from 'postgres'

import { openDatabase } from '~/server/db'
import { seed } from '~/server/db/seed'

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
