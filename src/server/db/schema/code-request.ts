import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One row per sign-in code sent, kept for an hour: the per-address limits read it. */
export const codeRequest = pgTable(
  'code_request',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_request_email_created_at_idx').on(t.email, t.createdAt)],
)
