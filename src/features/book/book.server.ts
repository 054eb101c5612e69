import '@tanstack/react-start/server-only'
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
    return sql`(${book.title} || ' ' || ${book.author}) ilike ${`%${escapeLike(term)}%`}`
  }
  const prefix = `${escapeLike(term.toLowerCase())}%`
  return or(sql`lower(${book.title}) like ${prefix}`, sql`lower(${book.author}) like ${prefix}`)
}

const bookColumns = {
  id: book.id,
  title: book.title,
  author: book.author,
  publisher: book.publisher,
  genre: { id: genre.id, name: genre.name },
}

/**
 * The queries behind one page of books: the page, ordered by title with the id as tie-breaker
 * (so equal titles never repeat or vanish between pages), and the total for the same search.
 */
export function bookPageQueries(
  database: Db,
  input: { searchTerm: string; cursor?: string },
  pageSize: number,
) {
  const search = bookSearch(input.searchTerm)
  const after = input.cursor ? decodeCursor(input.cursor) : undefined
  return {
    page: database
      .select(bookColumns)
      .from(book)
      .innerJoin(genre, eq(genre.id, book.genreId))
      .where(and(search, after ? sql`(${book.title}, ${book.id}) > (${after.key}, ${after.id})` : undefined))
      .orderBy(asc(book.title), asc(book.id))
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
 * Runs `run` with sequential scans of book discouraged. Counting a term that matches a tenth of
 * the books, the planner prices pg_trgm's bitmap rechecks above a full scan, a scan that grows
 * with the table; the index keeps the count's cost tied to the matches instead.
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
  const [rows, [current]] = await Promise.all([
    bookPageQueries(database, input, pageSize).page,
    database.select({ version: bookVersion.version }).from(bookVersion),
  ])
  const total = await countBooks(database, input, current?.version ?? -1)
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
