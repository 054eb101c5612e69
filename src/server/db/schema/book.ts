import { type SQL, sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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
    // The uploaded cover's content hash (its files are `book/<id>/<cover>-<width>.webp` in the
    // file storage); none: the cover is drawn from the genre.
    cover: text(),
    // What a search of 3 characters or more matches: title and author, lower-cased once when
    // written rather than on every row of every search (src/server/db/fast-search.ts).
    search: text().generatedAlwaysAs((): SQL => sql`lower(${book.title} || ' ' || ${book.author})`),
    // Milliseconds, as a list's cursor keeps them, since the list sorts by it.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // A title is unique per author, compared trimmed and case-insensitively.
    uniqueIndex('book_title_author_unique').on(sql`lower(trim(${t.title}))`, sql`lower(trim(${t.author}))`),
    // The orders the manager's list sorts by (title, author, newest), the id breaking ties.
    index('book_title_id_idx').on(t.title, t.id),
    index('book_author_id_idx').on(t.author, t.id),
    index('book_created_at_id_idx').on(t.createdAt, t.id),
    index('book_genre_id_idx').on(t.genreId),
    // Search: terms of 3 characters or more go through the trigram index, shorter ones are
    // prefix matches on either column (src/server/db/fast-search.ts writes the same expressions).
    index('book_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
    index('book_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('book_author_prefix_idx').on(sql`lower(${t.author}) text_pattern_ops`),
  ],
)

/**
 * One row whose version triggers (drizzle/0005_book_version.sql, 0007) raise with every statement
 * that changes books or renames a genre, in that statement's transaction: a count or a page of
 * books read after the version is at least as new as it, and known to be current for as long as
 * the version stays the same (the fast search and the page cache).
 * The price: each statement that changes books holds this row until its transaction ends, so
 * writers of books take turns (fine for a catalogue edited by hand). Not a sequence: nextval is
 * not rolled back, so a count read before a rolled-back change would pass for current.
 */
export const bookVersion = pgTable(
  'book_version',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('book_version_single_row', sql`${t.id} = 1`)],
)
