import { describe, expect, it } from 'vitest'

import { migrationsFolder, openDatabase } from './db'
import { journalEntries } from './db/journal'
import { markStopping, readiness } from './health'

describe('readiness', () => {
  it('counts the migrations a database lacks: all on a new one, none once migrated', async () => {
    const fresh = openDatabase({ pgliteDir: 'memory://' })
    try {
      const all = journalEntries(migrationsFolder).length
      expect(all).toBeGreaterThan(10)
      expect(await fresh.pendingMigrations()).toBe(all)
      await fresh.migrate()
      expect(await fresh.pendingMigrations()).toBe(0)
    } finally {
      await fresh.close()
    }
  })

  it('is ready on a migrated database, and not ready from the stop signal on', async () => {
    expect(await readiness()).toEqual({ status: 'ready' })
    markStopping()
    expect(await readiness()).toEqual({ status: 'not ready', reason: 'stopping' })
  })
})
