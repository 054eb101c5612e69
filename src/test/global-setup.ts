/**
 * With TEST_DATABASE_URL or DATABASE_URL set, the suite runs on a fresh PostgreSQL database made
 * for this run (migrated and seeded, dropped at the end); without, every test file gets its own
 * in-memory PGlite.
 */
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'

import { openDatabase } from '~/server/db'
import { seed } from '~/server/db/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
  if (!serverUrl) {
    project.provide('databaseUrl', '')
    return
  }
  const name = `folio_test_${process.pid}_${Date.now()}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openDatabase({ url: url.toString() })
  await database.migrate()
  await seed(database.db)
  await database.close()
  project.provide('databaseUrl', url.toString())

  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}
