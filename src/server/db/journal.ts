/** drizzle-kit's journal of the migrations in a folder. */
import '@tanstack/react-start/server-only'
import { readFileSync } from 'node:fs'
import path from 'node:path'

export type JournalEntry = { tag: string; when: number }

/** The journal's entries, oldest first; none while the file is missing or half-written. */
export function journalEntries(folder: string): JournalEntry[] {
  try {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[]
    }
    return journal.entries
  } catch {
    return []
  }
}
