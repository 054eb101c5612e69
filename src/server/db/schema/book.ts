import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { genre } from './genre'

export const book = pgTable(
  'book',
  {
    id: text()
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    title: text().notNull(),
    author: text().notNull(),
    genreId: text()
      .notNull()
      .references(() => genre.id, { onDelete: 'restrict' }),
    publisher: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // A title is unique per author, compared trimmed and case-insensitively.
    uniqueIndex('book_title_author_unique').on(sql`lower(trim(${t.title}))`, sql`lower(trim(${t.author}))`),
    index('book_title_id_idx').on(t.title, t.id),
    index('book_genre_id_idx').on(t.genreId),
    // Search: terms of 3 characters or more go through the trigram index, shorter ones are
    // prefix matches on either column (see book.server.ts, which writes the same expressions).
    index('book_search_trgm_idx').using('gin', sql`(${t.title} || ' ' || ${t.author}) gin_trgm_ops`),
    index('book_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('book_author_prefix_idx').on(sql`lower(${t.author}) text_pattern_ops`),
  ],
)
