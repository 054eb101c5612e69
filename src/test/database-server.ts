/** The PostgreSQL server tests create their databases on, and an empty database there for a run. */
import postgres from 'postgres'

/** The PostgreSQL server tests create their databases on, if there is one. */
export const testDatabaseServer = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined

/** A new, empty database on `serverUrl`, with a way to drop it. */
export async function createEmptyDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}
