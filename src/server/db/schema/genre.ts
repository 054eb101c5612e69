import { sql } from 'drizzle-orm'
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const genre = pgTable(
  'genre',
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text().notNull(),
    // A seeded genre's stable key, under which the interface translates its name; none for a genre
    // an administrator made. A trigger clears it when the name changes (drizzle/0012_genre_key.sql),
    // so a renamed genre shows exactly the name entered.
    key: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  // Named so the database-error translator can map a violation to the `name` field.
  (t) => [uniqueIndex('genre_name_unique').on(sql`lower(trim(${t.name}))`)],
)
