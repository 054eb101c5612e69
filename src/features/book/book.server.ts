import '@tanstack/react-start/server-only'
import { type AnyPgColumn } from 'drizzle-orm/pg-core'
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm'

import { appConfig } from '@/app.config'
import { HttpError } from '~/lib/http-error'
import { escapeLike } from '~/lib/like'
import { db } from '~/server/database'
import { type Db, schema, type Tx } from '~/server/db'
import { decodeCursor, pageOf } from '~/server/db/cursor'
import { withDbErrors } from '~/server/db/errors'

import { PerBookVersion } from './per-book-version'
import type { BookValues } from './schema'

const { book, bookVersion, genre } = schema

/** Terms this long or longer use the trigram index; shorter ones a prefix match. */
const TRIGRAM_MIN_LENGTH = 3

/** The search over title and author, written exactly as the indexes of schema/book.ts. */
export function bookSearch(term: string): SQL | undefined {
  if (!term) return undefined
  if (term.length >= TRIGRAM_MIN_LENGTH) {
    return sql`${book.search} like lower(${`%${escapeLike(term)}%`})`
  }
  const prefix = `${escapeLike(term.toLowerCase())}%`
  return or(sql`lower(${book.title}) like ${prefix}`, sql`lower(${book.author}) like ${prefix}`)
}

/**
 * A search's first page is found one of two ways. Matching first (the search's index, then the
 * matches sorted) costs in proportion to the matches: right for a few thousand, slow for a term
 * in half the books. Walking the title index until a page has matched costs in proportion to the
 * books walked: right when matches come early in title order, ruinous when they all sit at its
 * end ("the" in a catalogue of titles starting with "The"). So a search with many matches walks
 * this many books first, and matches first only if they did not fill the page.
 */
const WALKED_BOOKS = 250
const WALK_FROM_MATCHES = 2000

/** No limit, as PostgreSQL's bigint takes it: a subquery with a limit is planned on its own. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER

/** What a page shows of a book, read from the table or from a subquery of it. */
const columnsOf = <Source extends Record<'id' | 'title' | 'author' | 'publisher', AnyPgColumn>>(
  source: Source,
): Pick<Source, 'id' | 'title' | 'author' | 'publisher'> & { genre: Pick<typeof genre, 'id' | 'name'> } => ({
  id: source.id,
  title: source.title,
  author: source.author,
  publisher: source.publisher,
  genre: { id: genre.id, name: genre.name },
})

const bookColumns = columnsOf(book)

/**
 * The queries behind one page of books, ordered by title with the id as tie-breaker (so equal
 * titles never repeat or vanish between pages), and the total for the same search:
 *   - `walk`: in title order, among the next WALKED_BOOKS books only (no search: among all);
 *   - `matchFirst`: every match, then sorted;
 *   - `total`: the count.
 */
export function bookPageQueries(
  database: Db,
  input: { searchTerm: string; cursor?: string },
  pageSize: number,
) {
  const search = bookSearch(input.searchTerm)
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined
  const after = cursor ? sql`(${book.title}, ${book.id}) > (${cursor.key}, ${cursor.id})` : undefined
  // The last of the books a walk looks at; none when fewer are left, and the walk finds nothing.
  const walkEnd = database
    .select({ title: book.title, id: book.id })
    .from(book)
    .where(after)
    .orderBy(asc(book.title), asc(book.id))
    .offset(WALKED_BOOKS - 1)
    .limit(1)
  const matches = database
    .select({
      id: book.id,
      title: book.title,
      author: book.author,
      publisher: book.publisher,
      genreId: book.genreId,
    })
    .from(book)
    .where(and(search, after))
    .limit(ALL_ROWS)
    .as('matches')
  return {
    walk: database
      .select(bookColumns)
      .from(book)
      .innerJoin(genre, eq(genre.id, book.genreId))
      .where(and(search, after, search && sql`(${book.title}, ${book.id}) <= (${walkEnd})`))
      .orderBy(asc(book.title), asc(book.id))
      .limit(pageSize + 1),
    matchFirst: database
      .select(columnsOf(matches))
      .from(matches)
      .innerJoin(genre, eq(genre.id, matches.genreId))
      .orderBy(asc(matches.title), asc(matches.id))
      .limit(pageSize + 1),
    total: database.select({ total: count() }).from(book).where(search),
  }
}

/**
 * Runs `run` with sequential scans of book discouraged. Counting or matching first a term that
 * matches a tenth of the books, the planner prices pg_trgm's bitmap rechecks above a full scan, a
 * scan that grows with the table; the index keeps the cost tied to the matches instead. And
 * planned for the term at hand: a prepared statement's plan made for any value
 * (src/server/db/prepared.ts) could not use the prefix indexes, which need the prefix itself.
 */
export function preferIndexes<T>(database: Db, run: (tx: Tx) => Promise<T>) {
  return database.transaction(async (tx) => {
    // Both for this transaction only (set local), in one statement.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
    )
    return run(tx)
  })
}

/**
 * Counts by search term, and first pages by search term and page size. Counting a common term, or
 * matching first its page, takes milliseconds to tens of them at 100,000 books; reading the
 * version takes a fraction of one. Later pages are read each time (cursors are many).
 */
const counts = new PerBookVersion<number>(1000)
const firstPages = new PerBookVersion<BookPageRow[]>(1000)

type BookPageRow = Awaited<ReturnType<typeof bookPageQueries>['walk']>[number]

async function countBooks(database: Db, searchTerm: string) {
  const query = (tx: Db | Tx) => bookPageQueries(tx, { searchTerm }, 0).total
  const [counted] = await (searchTerm ? preferIndexes(database, query) : query(database))
  return counted?.total ?? 0
}

/** One page of books (and one more row), found the cheaper way for the search (see WALKED_BOOKS). */
async function readPage(
  database: Db,
  input: { searchTerm: string; cursor?: string },
  pageSize: number,
  total: number,
): Promise<BookPageRow[]> {
  const queries = bookPageQueries(database, input, pageSize)
  if (!input.searchTerm) return queries.walk
  // A walk never fills a page longer than itself.
  const walked = total > WALK_FROM_MATCHES && pageSize < WALKED_BOOKS ? await queries.walk : []
  if (walked.length > pageSize) return walked
  return preferIndexes(database, (tx) => bookPageQueries(tx, input, pageSize).matchFirst)
}

/** The books' version, raised by every change to the books or a genre's name (schema/book.ts). */
export async function currentBookVersion(): Promise<number> {
  const [current] = await (await db()).select({ version: bookVersion.version }).from(bookVersion)
  return current?.version ?? -1
}

export async function listBooks(
  input: { searchTerm: string; cursor?: string },
  pageSize: number = appConfig.pageSizes.books,
) {
  const database = await db()
  const version = await currentBookVersion()
  // Both read after the version, so each is as new as that version or newer.
  const total = await counts.load(input.searchTerm, version, () => countBooks(database, input.searchTerm))
  const rows = input.cursor
    ? await readPage(database, input, pageSize, total)
    : await firstPages.load(`${pageSize} ${input.searchTerm}`, version, () =>
        readPage(database, input, pageSize, total),
      )
  return { ...pageOf(rows, pageSize, (row) => row.title), total }
}

export async function getBook(id: string) {
  const [found] = await (
    await db()
  )
    .select(bookColumns)
    .from(book)
    .innerJoin(genre, eq(genre.id, book.genreId))
    .where(eq(book.id, id))
  if (!found) throw new HttpError(404, 'book.notFound')
  return found
}

export async function createBook(input: BookValues) {
  const [created] = await withDbErrors(async () =>
    (await db()).insert(book).values(input).returning({ id: book.id }),
  )
  if (!created) throw new HttpError(500, 'UNKNOWN_ERROR')
  return created
}

export async function updateBook(id: string, input: BookValues) {
  const [updated] = await withDbErrors(async () =>
    (await db()).update(book).set(input).where(eq(book.id, id)).returning({ id: book.id }),
  )
  if (!updated) throw new HttpError(404, 'book.notFound')
  return updated
}

export async function deleteBook(id: string) {
  const [deleted] = await (await db()).delete(book).where(eq(book.id, id)).returning({ id: book.id })
  if (!deleted) throw new HttpError(404, 'book.notFound')
  return deleted
}
