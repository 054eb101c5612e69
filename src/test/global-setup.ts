/**
 * With TEST_DATABASE_URL or DATABASE_URL set, the suite runs on a fresh PostgreSQL database that is
 * dropped at the end. Otherwise each test file gets its own in-memory PGlite.
 *
 * The database is migrated and seeded by `scripts/db.ts setup`, the command development uses, in a
 * process of its own: vitest runs every test again when a module global setup imports changes, so
 * this file imports none of the app's.
 */
import { execFileSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'

import { createEmptyDatabase, testDatabaseServer } from './database-server'

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
  const database = await createEmptyDatabase(serverUrl, 'folio_test')
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'setup'], {
    env: { ...process.env, ...project.config.env, DATABASE_URL: database.url },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  project.provide('databaseUrl', database.url)
  return database.drop
}
