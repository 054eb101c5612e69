/**
 * `pnpm db:migrate` applies the migrations and `pnpm db:seed` adds the demo data (safe to repeat).
 * Both use DATABASE_URL, or the embedded PGlite under PGLITE_DIR when it is unset.
 */
import { openDatabase } from '~/server/db'
import { isEmpty, seed } from '~/server/db/seed'
import { serverEnv } from '~/server/env'

import { loadDotEnv } from './load-env'

loadDotEnv()
const command = process.argv[2]
const env = serverEnv()
const database = openDatabase({ url: env.DATABASE_URL || undefined, pgliteDir: env.PGLITE_DIR })
const where = database.kind === 'pglite' ? `PGlite (${env.PGLITE_DIR})` : 'PostgreSQL'

try {
  if (command === 'migrate' || command === 'setup') {
    await database.migrate()
    console.log(`Migrations applied to ${where}`)
  }
  if (command === 'seed' || (command === 'setup' && (await isEmpty(database.db)))) {
    await seed(database.db)
    console.log(`Demo data seeded in ${where}`)
  }
  if (!['migrate', 'seed', 'setup'].includes(command ?? '')) {
    console.error('Usage: tsx scripts/db.ts migrate|seed|setup')
    process.exitCode = 2
  }
} finally {
  await database.close()
}
