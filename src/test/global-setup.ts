/**
 * With TEST_DATABASE_URL or DATABASE_URL set, the suite runs on a fresh PostgreSQL database that is
 * dropped at the end. Otherwise each test file gets its own in-memory PGlite.
 */
import type { TestProject } from 'vitest/node'

import { createFreshDatabase, testDatabaseServer } from './fresh-database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = testDatabaseServer()
  if (!serverUrl) {
    project.provide('databaseUrl', '')
    return
  }
  const database = await createFreshDatabase(serverUrl, 'folio_test')
  project.provide('databaseUrl', database.url)
  return database.drop
}
