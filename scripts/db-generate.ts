/**
 * `pnpm db:generate <name>`: drizzle-kit's migration from the schema's changes, under a name that
 * says what it does (`0013_shelf_book.sql`), since drizzle-kit alone picks random words.
 */
import { spawnSync } from 'node:child_process'

const [name, ...rest] = process.argv.slice(2)
if (!name || !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(name) || rest.length > 0) {
  console.error(
    'Usage: pnpm db:generate <name>, in lower case with underscores, e.g. pnpm db:generate shelf_book',
  )
  process.exit(1)
}
const run = spawnSync('drizzle-kit', ['generate', '--name', name], { stdio: 'inherit' })
process.exit(run.status ?? 1)
