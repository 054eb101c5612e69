import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/server/database'

import { book, genre, user } from './schema'
import { seedGenres } from './seed-data'

describe('the database', () => {
  it('is seeded with the demo accounts as they were, the genres with their keys and the books', async () => {
    const database = await db()
    const [admin] = await database.select().from(user).where(eq(user.email, 'admin@example.com'))
    expect(admin).toMatchObject({ name: 'Admin', role: 'admin', emailVerified: true, banned: false })
    expect(admin?.onboardedAt).toBeInstanceOf(Date)
    const [member] = await database.select().from(user).where(eq(user.email, 'user@example.com'))
    expect(member).toMatchObject({ name: 'User', role: 'user', emailVerified: true, banned: false })
    expect(member?.onboardedAt).toBeInstanceOf(Date)
    const genres = await database.select({ key: genre.key, name: genre.name }).from(genre)
    expect(genres).toEqual(expect.arrayContaining(seedGenres.map((g) => ({ ...g }))))
    const [books] = await database.select({ n: count() }).from(book)
    expect(books?.n).toBeGreaterThanOrEqual(140)
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

  it("forgets a seeded genre's key when it is renamed, whoever renames it", async () => {
    const database = await db()
    const key = `key-${crypto.randomUUID()}`
    const name = `Genre ${crypto.randomUUID()}`
    const [created] = await database.insert(genre).values({ name, key }).returning()
    if (!created) throw new Error('not created')
    // Another column changed: the key stays.
    await database.update(genre).set({ updatedAt: new Date() }).where(eq(genre.id, created.id))
    await database.update(genre).set({ name }).where(eq(genre.id, created.id))
    expect((await database.select().from(genre).where(eq(genre.id, created.id)))[0]?.key).toBe(key)
    await database
      .update(genre)
      .set({ name: `${name}!` })
      .where(eq(genre.id, created.id))
    expect((await database.select().from(genre).where(eq(genre.id, created.id)))[0]).toMatchObject({
      name: `${name}!`,
      key: null,
    })
  })

  it('refuses a duplicate genre name, case-insensitive', async () => {
    const database = await db()
    const name = `Genre ${crypto.randomUUID()}`
    await database.insert(genre).values({ name })
    await expect(database.insert(genre).values({ name: name.toLowerCase() })).rejects.toThrow()
  })
})
