/**
 * `pnpm db:migrate` and `pnpm db:seed`: apply the committed migrations, or add the demo data
 * (idempotent), on DATABASE_URL or, without it, on the embedded PGlite under PGLITE_DIR.
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
