import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/server/database'
import { isolatedDatabase } from '~/test/fresh-database'

import { book, genre, user } from './schema'
import { seed } from './seed'

describe('the database', () => {
  it('is seeded with the demo accounts, genres and at least 50 books', async () => {
    const database = await db()
    const [admin] = await database.select().from(user).where(eq(user.email, 'admin@example.com'))
    expect(admin).toMatchObject({ name: 'Admin', role: 'admin', emailVerified: true })
    expect(admin?.onboardedAt).toBeInstanceOf(Date)
    const [member] = await database.select().from(user).where(eq(user.email, 'user@example.com'))
    expect(member).toMatchObject({ name: 'User', role: 'user' })
    const [books] = await database.select({ n: count() }).from(book)
    expect(books?.n).toBeGreaterThanOrEqual(50)
  })

  it('seeds idempotently', async () => {
    // Its own database, because it counts every row and other test files add rows meanwhile.
    const isolated = await isolatedDatabase('folio_seed')
    try {
      const database = isolated.database.db
      const counts = async () =>
        Promise.all(
          [user, genre, book].map(async (table) => (await database.select({ n: count() }).from(table))[0]?.n),
        )
      const before = await counts()
      await seed(database)
      expect(await counts()).toEqual(before)
    } finally {
      await isolated.close()
    }
  })

  it('refuses a second book with the same title and author, trimmed and case-insensitive', async () => {
    const database = await db()
    const [someGenre] = await database.select().from(genre).limit(1)
    if (!someGenre) throw new Error('no genre seeded')
    const author = `Author ${crypto.randomUUID()}`
    await database.insert(book).values({ title: 'Same Title', author, genreId: someGenre.id })
    await expect(
      database
        .insert(book)
        .values({ title: '  same title ', author: author.toUpperCase(), genreId: someGenre.id }),
    ).rejects.toThrow()
    await database
      .insert(book)
      .values({ title: 'Same Title', author: `${author} Jr.`, genreId: someGenre.id })
  })

  it('refuses a duplicate genre name, case-insensitive', async () => {
    const database = await db()
    const name = `Genre ${crypto.randomUUID()}`
    await database.insert(genre).values({ name })
    await expect(database.insert(genre).values({ name: name.toLowerCase() })).rejects.toThrow()
  })
})
