/**
 * better-auth as Folio has it where reading a session is concerned (same version, same tables,
 * session and user read in one query, the admin plugin, no rate limit as in the bench), and
 * nothing more.
 */
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin } from 'better-auth/plugins'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'

import * as schema from '../../../src/server/db/schema'

const db = drizzle({ client: postgres(process.env.DATABASE_URL ?? ''), schema, casing: 'snake_case' })

export const auth = betterAuth({
  baseURL: process.env.BASE_URL,
  secret: process.env.AUTH_SECRET,
  database: drizzleAdapter(db, { provider: 'pg', schema }),
  user: { additionalFields: { onboardedAt: { type: 'date', required: false, input: false } } },
  advanced: { database: { joins: true } },
  // As Folio's server in the bench: the load comes from one address.
  rateLimit: { enabled: false },
  plugins: [admin()],
})
