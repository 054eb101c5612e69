/**
 * In development, applies a new migration as soon as its SQL file and journal entry both exist, so
 * the schema changes without a restart. It logs which migration was applied, or why not.
 */
import '@tanstack/react-start/server-only'
import { existsSync, watch } from 'node:fs'
import path from 'node:path'

import { logger } from '../logger'
import { journalEntries } from './journal'

/** The migrations drizzle-kit's journal lists, by tag such as `0009_add_column`. A journal still
 * being written lists none; the next change to the folder reads it again. */
const journalTags = (folder: string) => journalEntries(folder).map((entry) => entry.tag)

/**
 * Watches `folder` and applies new migrations with `migrate`, retrying a failed one at the next
 * change. Returns a function that stops watching.
 */
export function watchMigrations(folder: string, migrate: () => Promise<void>): () => void {
  const applied = new Set(journalTags(folder))
  const applyNew = async () => {
    const pending = journalTags(folder).filter((tag) => !applied.has(tag))
    // drizzle-kit writes the journal and the SQL file one after the other.
    if (pending.length === 0 || !pending.every((tag) => existsSync(path.join(folder, `${tag}.sql`)))) return
    try {
      await migrate()
      for (const tag of pending) applied.add(tag)
      logger.info(`Applied migration ${pending.join(', ')}`)
    } catch (error) {
      logger.error(`Migration ${pending.join(', ')} not applied: ${String(error)}`)
    }
  }
  // Writes come in bursts, so apply once they settle, one run at a time.
  let timer: NodeJS.Timeout | undefined
  let running = Promise.resolve()
  const watcher = watch(folder, { recursive: true }, () => {
    clearTimeout(timer)
    timer = setTimeout(() => (running = running.then(applyNew)), 200)
  })
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}
