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
 *   - `total`: the count, with the book version it was read at.
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
    // Read in the same statement as the count, so from the same snapshot.
    total: database
      .select({
        total: count(),
        version: sql`(select ${bookVersion.version} from ${bookVersion})`.mapWith(Number),
      })
      .from(book)
      .where(search),
  }
}

/**
 * Runs `run` with sequential scans of book discouraged. Counting or matching first a term that
 * matches a tenth of the books, the planner prices pg_trgm's bitmap rechecks above a full scan, a
 * scan that grows with the table; the index keeps the cost tied to the matches instead.
 */
export function preferIndexes<T>(database: Db, run: (tx: Tx) => Promise<T>) {
  return database.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    return run(tx)
  })
}

/**
 * Counts of books by search term, each with the book version it was read at (schema/book.ts):
 * a count is used again only while the version is the same, so it is never stale, on any
 * instance, whoever changed the books. Counting a common term takes tens of milliseconds at
 * 100,000 books; reading the version takes a fraction of one.
 */
const counts = new Map<string, { version: number; total: number }>()
const COUNTS_KEPT = 1000

async function countBooks(database: Db, input: { searchTerm: string }, version: number) {
  const known = counts.get(input.searchTerm)
  if (known?.version === version) return known.total
  const query = (tx: Db | Tx) => bookPageQueries(tx, input, 0).total
  const [counted] = await (input.searchTerm ? preferIndexes(database, query) : query(database))
  if (!counted) return 0
  counts.delete(input.searchTerm)
  counts.set(input.searchTerm, counted)
  // The oldest entry goes first (a Map keeps insertion order).
  if (counts.size > COUNTS_KEPT) counts.delete(counts.keys().next().value ?? '')
  return counted.total
}

export async function listBooks(
  input: { searchTerm: string; cursor?: string },
  pageSize: number = appConfig.pageSizes.books,
) {
  const database = await db()
  const queries = bookPageQueries(database, input, pageSize)
  const counted = database
    .select({ version: bookVersion.version })
    .from(bookVersion)
    .then(([current]) => countBooks(database, input, current?.version ?? -1))
  if (!input.searchTerm) {
    const [rows, total] = await Promise.all([queries.walk, counted])
    return { ...pageOf(rows, pageSize, (row) => row.title), total }
  }
  const total = await counted
  const walked = total > WALK_FROM_MATCHES ? await queries.walk : []
  const rows =
    walked.length > pageSize
      ? walked
      : await preferIndexes(database, (tx) => bookPageQueries(tx, input, pageSize).matchFirst)
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
