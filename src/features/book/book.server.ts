import '@tanstack/react-start/server-only'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { z } from 'zod/mini'

import { appConfig } from '@/app.config'
import { HttpError } from '~/lib/http-error'
import { db } from '~/server/database'
import { type Db, schema, type Tx } from '~/server/db'
import { withDbErrors } from '~/server/db/errors'
import { fastSearch } from '~/server/db/fast-search'
import { removeStoredFolder } from '~/server/storage/remove'

import type { bookList, BookValues } from './schema'

type BookListInput = z.output<typeof bookList.input>

const { book, bookVersion, genre } = schema

/** What a list or a page shows of a book. */
const bookRows = (database: Db | Tx) =>
  database
    .select({
      id: book.id,
      title: book.title,
      author: book.author,
      publisher: book.publisher,
      cover: book.cover,
      createdAt: book.createdAt,
      genre: { id: genre.id, name: genre.name, key: genre.key },
    })
    .from(book)
    .innerJoin(genre, eq(genre.id, book.genreId))
    .$dynamic()

/** The books' version, raised by every change to the books or a genre's name (schema/book.ts). */
export async function currentBookVersion(database?: Db): Promise<number> {
  const [current] = await (database ?? (await db()))
    .select({ version: bookVersion.version })
    .from(bookVersion)
  return current?.version ?? -1
}

/**
 * Books sorted by title, author or when added (id breaks ties), filtered by genre and searched over
 * title and author as the indexes of schema/book.ts are written. The version is optional: without it every search counts and reads
 * its first page again, half the searches a second at 100,000 books.
 */
export const books = fastSearch({
  table: book,
  sorts: { title: book.title, author: book.author, createdAt: book.createdAt },
  filters: { genre: (id) => eq(book.genreId, id) },
  text: book.search,
  prefixes: [book.title, book.author],
  rows: bookRows,
  version: currentBookVersion,
})

export async function listBooks(input: BookListInput, pageSize: number = appConfig.pageSizes.books) {
  return books.page(await db(), input, pageSize)
}

export async function getBook(id: string) {
  const [found] = await bookRows(await db()).where(eq(book.id, id))
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

/** Deletes a book, then its cover's files (a failure to remove them is logged, the book is gone). */
export async function deleteBook(id: string) {
  const [deleted] = await withDbErrors(async () =>
    (await db()).delete(book).where(eq(book.id, id)).returning({ id: book.id }),
  )
  if (!deleted) throw new HttpError(404, 'book.notFound')
  await removeStoredFolder(`book/${id}/`)
  return deleted
}

/** The recorded cover of each of these books that has one, by book id. */
export async function bookCovers(ids: ReadonlyArray<string>): Promise<Map<string, string>> {
  const rows = ids.length
    ? await (
        await db()
      )
        .select({ id: book.id, cover: book.cover })
        .from(book)
        .where(and(inArray(book.id, [...ids]), isNotNull(book.cover)))
    : []
  return new Map(rows.flatMap(({ id, cover }) => (cover ? [[id, cover] as const] : [])))
}

/** Records a book's uploaded cover (its content hash, or none) and returns the one it replaced. */
export async function setBookCover(id: string, cover: string | null): Promise<string | null> {
  // The row is locked while read, so two uploads at once each learn which cover they replaced.
  return (await db()).transaction(async (tx) => {
    const [current] = await tx.select({ cover: book.cover }).from(book).where(eq(book.id, id)).for('update')
    if (!current) throw new HttpError(404, 'book.notFound')
    await tx.update(book).set({ cover }).where(eq(book.id, id))
    return current.cover
  })
}
