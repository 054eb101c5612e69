import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

import { HttpError } from '~/lib/http-error'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { isolatedDatabase } from '~/test/fresh-database'
import { everyPage } from '~/test/pages'

import { createGenre, listGenres } from '../genre/genre.server'
import { createBook, deleteBook, getBook, listBooks, updateBook } from './book.server'

const marker = () => `zq${crypto.randomUUID().slice(0, 8)}`

async function someGenreId() {
  const [genre] = await (await db()).select().from(schema.genre).limit(1)
  if (!genre) throw new Error('no genre seeded')
  return genre.id
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof HttpError ? { status: error.status, code: error.code, field: error.field } : error,
  )

describe('books', () => {
  it('pages through equal titles showing every book exactly once', async () => {
    const genreId = await someGenreId()
    const tag = marker()
    const created = await Promise.all(
      Array.from({ length: 23 }, (_, index) =>
        createBook({ title: `Twin ${tag}`, author: `Author ${index}`, genreId, publisher: null }),
      ),
    )
    const pages = await everyPage((cursor) => listBooks({ searchTerm: tag, cursor }, 5))
    for (const page of pages) expect(page.total).toBe(23)
    const seen = pages.flatMap((page) => page.items.map((item) => item.id))
    expect(pages).toHaveLength(5)
    expect(seen).toHaveLength(23)
    expect(new Set(seen)).toEqual(new Set(created.map((book) => book.id)))
  })

  it('sorts by author or by when added, either way, and keeps one genre, counting only what it keeps', async () => {
    const tag = marker()
    const mine = await createGenre({ name: `Genre ${tag}` })
    const other = await someGenreId()
    const database = await db()
    // Added a minute apart, authors in the reverse order of titles; one book of another genre.
    await database.insert(schema.book).values([
      ...['C', 'B', 'A'].map((letter, index) => ({
        title: `${tag} ${index}`,
        author: `${letter} ${tag}`,
        genreId: mine.id,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, index)),
      })),
      { title: `${tag} other`, author: `D ${tag}`, genreId: other },
    ])
    const titles = async (view: Partial<Parameters<typeof listBooks>[0]>) => {
      const pages = await everyPage((cursor) =>
        listBooks({ searchTerm: tag, genre: mine.id, ...view, cursor }, 2),
      )
      expect(pages.map((page) => page.total)).toEqual([3, 3])
      return pages.flatMap((page) => page.items.map((book) => book.title))
    }
    expect(await titles({})).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`])
    expect(await titles({ sort: 'author' })).toEqual([`${tag} 2`, `${tag} 1`, `${tag} 0`])
    expect(await titles({ sort: 'author', desc: true })).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`])
    expect(await titles({ sort: 'createdAt', desc: true })).toEqual([`${tag} 2`, `${tag} 1`, `${tag} 0`])
    expect((await listBooks({ searchTerm: tag })).total).toBe(4)
  })

  it('pages through a common term in title order, its matches early or late in that order', async () => {
    const database = await db()
    const genreId = await someGenreId()
    const tag = marker()
    // Over the count from which a search walks the title index first (fast-search.ts): half the
    // matches first in title order (digits before letters), where a walk finds them, half after
    // every other book, where a walk finds none and matching first takes over.
    await database.execute(sql`
      insert into book (id, title, author, genre_id)
      select gen_random_uuid()::text, case when n % 2 = 0 then '0 ' else '' end || ${tag} || ' ' || n,
             'Author ' || n, ${genreId}
      from generate_series(1, 2100) as n`)
    try {
      const expected = await database
        .select({ id: schema.book.id })
        .from(schema.book)
        .where(sql`${schema.book.title} like ${`%${tag}%`}`)
        .orderBy(asc(schema.book.title), asc(schema.book.id))
      // At most the 42 pages 2,100 books fill: a walk that never ends fails instead of looping.
      const pages = await everyPage((cursor) => listBooks({ searchTerm: tag.toUpperCase(), cursor }, 50), 42)
      for (const page of pages) expect(page.total).toBe(2100)
      const seen = pages.flatMap((page) => page.items.map((item) => item.id))
      expect(pages.at(-1)?.nextCursor).toBeNull()
      expect(seen).toEqual(expected.map((row) => row.id))
    } finally {
      await database.delete(schema.book).where(sql`${schema.book.title} like ${`%${tag}%`}`)
    }
  })

  it('searches title and author, case-insensitively, by substring (3+ characters) or prefix', async () => {
    const genreId = await someGenreId()
    const tag = marker()
    await createBook({ title: `The ${tag} Affair`, author: 'Wilhelmina Quartz', genreId, publisher: 'Acme' })
    expect((await listBooks({ searchTerm: tag.toUpperCase() })).items.map((b) => b.title)).toEqual([
      `The ${tag} Affair`,
    ])
    expect((await listBooks({ searchTerm: `${tag} affair` })).total).toBe(1)
    const byAuthor = await listBooks({ searchTerm: 'wilhelmina quartz' })
    expect(byAuthor.items[0]).toMatchObject({
      author: 'Wilhelmina Quartz',
      publisher: 'Acme',
      genre: { id: genreId },
    })
    // Two characters: a prefix of the title or of the author.
    expect((await listBooks({ searchTerm: 'wi' })).items.some((b) => b.author === 'Wilhelmina Quartz')).toBe(
      true,
    )
    expect((await listBooks({ searchTerm: 'lh' })).items.some((b) => b.author === 'Wilhelmina Quartz')).toBe(
      false,
    )
    // LIKE's wildcards are taken literally.
    expect((await listBooks({ searchTerm: '%%%' })).total).toBe(0)
  })

  it('counts exactly after every change, the app’s or anyone else’s (counts are reused per book version)', async () => {
    const genreId = await someGenreId()
    const tag = marker()
    const database = await db()
    const totals = async () => [
      (await listBooks({ searchTerm: tag })).total,
      (await listBooks({ searchTerm: '' })).total,
    ]
    await createBook({ title: `Count ${tag} one`, author: 'A', genreId, publisher: null })
    const [, all] = await totals()
    expect(await totals()).toEqual([1, all])
    // Written straight to the database, past the app (a script, another instance).
    await database.insert(schema.book).values({ title: `Count ${tag} two`, author: 'B', genreId })
    expect(await totals()).toEqual([2, (all ?? 0) + 1])
    await database
      .update(schema.book)
      .set({ title: 'Renamed' })
      .where(eq(schema.book.title, `Count ${tag} two`))
    expect(await totals()).toEqual([1, (all ?? 0) + 1])
    await database.delete(schema.book).where(eq(schema.book.title, `Count ${tag} one`))
    expect(await totals()).toEqual([0, all])
  })

  it('shows a first page as the books are now, after any change (pages are reused per book version)', async () => {
    const tag = marker()
    const database = await db()
    // A genre of this test's own, renamed below.
    const genre = await createGenre({ name: `Genre ${tag}` })
    const firstPage = async () =>
      (await listBooks({ searchTerm: tag })).items.map((item) => `${item.title} (${item.genre.name})`)
    await createBook({ title: `Page ${tag} b`, author: 'A', genreId: genre.id, publisher: null })
    expect(await firstPage()).toEqual([`Page ${tag} b (Genre ${tag})`])
    expect(await firstPage()).toEqual([`Page ${tag} b (Genre ${tag})`])
    // Past the app: a script, another instance.
    await database.insert(schema.book).values({ title: `Page ${tag} a`, author: 'B', genreId: genre.id })
    expect(await firstPage()).toEqual([`Page ${tag} a (Genre ${tag})`, `Page ${tag} b (Genre ${tag})`])
    await database
      .update(schema.genre)
      .set({ name: `Renamed ${tag}` })
      .where(eq(schema.genre.id, genre.id))
    expect(await firstPage()).toEqual([`Page ${tag} a (Renamed ${tag})`, `Page ${tag} b (Renamed ${tag})`])
  })

  it('counts and reads a first page once for visitors who ask for it at the same time', async () => {
    const genreId = await someGenreId()
    const tag = marker()
    await createBook({ title: `Crowd ${tag}`, author: 'A', genreId, publisher: null })
    const database = await db()
    const version = async () =>
      (await database.select({ version: schema.bookVersion.version }).from(schema.bookVersion))[0]?.version
    // A search's count and its page are each read in a transaction of their own (preferIndexes).
    const transactions = vi.spyOn(database, 'transaction')
    try {
      // On PostgreSQL, test files share the database: another one changing books meanwhile raises
      // the version and rightly makes some visitors read again, so that attempt does not count.
      for (let attempt = 1; ; attempt++) {
        const before = await version()
        transactions.mockClear()
        const answers = await Promise.all(Array.from({ length: 8 }, () => listBooks({ searchTerm: tag })))
        if ((await version()) !== before && attempt < 5) continue
        expect(answers.map(({ total, items }) => [total, items.length])).toEqual(Array(8).fill([1, 1]))
        expect(transactions).toHaveBeenCalledTimes(2)
        break
      }
    } finally {
      transactions.mockRestore()
    }
  })

  it('raises the book version only for statements that changed books or renamed a genre', async () => {
    // A database of its own: the truncation must not take other tests' books.
    const isolated = await isolatedDatabase('folio_book_version')
    try {
      const database = isolated.database.db
      const version = async () =>
        (await database.select({ version: schema.bookVersion.version }).from(schema.bookVersion))[0]?.version
      const genreId =
        (await database.select({ id: schema.genre.id }).from(schema.genre).limit(1))[0]?.id ?? ''
      const start = await version()
      // An unknown id (answered 404) writes nothing, the version included.
      await database.delete(schema.book).where(eq(schema.book.id, 'no such book'))
      await database.update(schema.book).set({ title: 'x' }).where(eq(schema.book.id, 'no such book'))
      expect(await version()).toBe(start)
      // Each change raises it, at least to the time in microseconds (a database restored to an
      // earlier point does not hand out a version again).
      let last = start ?? 0
      const raised = async () => {
        const now = (await version()) ?? 0
        expect(now).toBeGreaterThan(last)
        expect(now).toBeGreaterThanOrEqual((Date.now() - 60_000) * 1000)
        last = now
      }
      await database.insert(schema.book).values({ title: 'Versioned', author: 'A', genreId })
      await raised()
      await database.update(schema.book).set({ title: 'Versioned again' }).where(eq(schema.book.author, 'A'))
      await raised()
      await database.delete(schema.book).where(eq(schema.book.author, 'A'))
      await raised()
      // A page shows genres by name.
      await database.update(schema.genre).set({ name: 'Renamed genre' }).where(eq(schema.genre.id, genreId))
      await raised()
      // With cascade, since a table added later may refer to books, as this one does.
      await database.execute(sql`create table book_reference (book_id text references ${schema.book})`)
      await database.execute(sql`truncate ${schema.book} cascade`)
      await raised()
    } finally {
      await isolated.close()
    }
  })

  it('refuses a title already used with the same author, trimmed and case-insensitive', async () => {
    const genreId = await someGenreId()
    const title = `Unique ${marker()}`
    await createBook({ title, author: 'Same Author', genreId, publisher: null })
    expect(
      await refusal(
        createBook({
          title: ` ${title.toUpperCase()} `.trim(),
          author: 'same author',
          genreId,
          publisher: null,
        }),
      ),
    ).toEqual({
      status: 409,
      code: 'book.titleAuthorTaken',
      field: 'title',
    })
  })

  it('lets exactly one of two racing creates through; the other gets the conflict', async () => {
    const genreId = await someGenreId()
    const values = { title: `Race ${marker()}`, author: 'Racer', genreId, publisher: null }
    const results = await Promise.allSettled([createBook(values), createBook(values)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((result) => result.status === 'rejected')
    expect(rejected?.status === 'rejected' && rejected.reason).toMatchObject({
      status: 409,
      code: 'book.titleAuthorTaken',
    })
  })

  it('reads, updates and deletes, answering 404 for an unknown book', async () => {
    const genreId = await someGenreId()
    const { id } = await createBook({
      title: `Draft ${marker()}`,
      author: 'Writer',
      genreId,
      publisher: null,
    })
    await updateBook(id, { title: 'Final', author: 'Writer', genreId, publisher: 'House' })
    expect(await getBook(id)).toMatchObject({ title: 'Final', publisher: 'House' })
    await deleteBook(id)
    expect(await refusal(getBook(id))).toMatchObject({ status: 404, code: 'book.notFound' })
    expect(
      await refusal(updateBook(id, { title: 'X', author: 'Y', genreId, publisher: null })),
    ).toMatchObject({ status: 404 })
    expect(await refusal(deleteBook(id))).toMatchObject({ status: 404 })
  })

  it('answers 400 INVALID_CURSOR to a forged cursor whose id holds a NUL byte', async () => {
    const cursor = Buffer.from(JSON.stringify({ key: 'a', id: 'hostile\u0000id' })).toString('base64url')
    expect(await refusal(listBooks({ searchTerm: '', cursor }))).toEqual({
      status: 400,
      code: 'INVALID_CURSOR',
      field: undefined,
    })
  })

  it('refuses a genre that does not exist, on the genre field', async () => {
    expect(
      await refusal(
        createBook({
          title: `Orphan ${marker()}`,
          author: 'Nobody',
          genreId: crypto.randomUUID(),
          publisher: null,
        }),
      ),
    ).toEqual({ status: 422, code: 'book.genreNotFound', field: 'genreId' })
  })
})

describe('genres', () => {
  it('creates a genre once, case-insensitively, and finds it by search', async () => {
    const name = `Solarpunk ${marker()}`
    const created = await createGenre({ name })
    expect(await refusal(createGenre({ name: name.toUpperCase() }))).toEqual({
      status: 409,
      code: 'genre.nameTaken',
      field: 'name',
    })
    expect(await listGenres({ searchTerm: name.slice(0, 12).toLowerCase() })).toContainEqual(created)
  })

  it('keeps the name an administrator gives: no key, so it is never translated', async () => {
    const created = await createGenre({ name: `Mystery ${marker()}` })
    expect(created.key).toBeNull()
  })

  it('finds a seeded genre by its name in any language, and gives its key', async () => {
    const named = async (searchTerm: string) =>
      (await listGenres({ searchTerm })).map(({ name, key }) => ({ name, key }))
    expect(await named('poésie')).toEqual([{ name: 'Poetry', key: 'poetry' }])
    expect(await named('شعر')).toEqual([{ name: 'Poetry', key: 'poetry' }])
    expect(await named('Ushairi')).toEqual([{ name: 'Poetry', key: 'poetry' }])
    expect(await named('poetry')).toEqual([{ name: 'Poetry', key: 'poetry' }])
  })
})
