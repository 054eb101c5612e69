import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'

import { db } from '~/server/database'
import { schema } from '~/server/db'

import { dashboardFigures } from './dashboard.server'

const userId = crypto.randomUUID()
const sessionIds = [crypto.randomUUID(), crypto.randomUUID()]

afterAll(async () => {
  const database = await db()
  await database.delete(schema.session).where(inArray(schema.session.id, sessionIds))
  await database.delete(schema.user).where(inArray(schema.user.id, [userId]))
})

it("lists sign-ins, newest first, but not an admin's impersonation", async () => {
  const database = await db()
  await database
    .insert(schema.user)
    .values({ id: userId, name: 'Dashboard Person', email: `${userId}@example.test` })
  // Dated ahead of every other test's sessions, so that they are the newest whatever runs beside.
  const [signedIn, impersonated] = sessionIds as [string, string]
  const session = (id: string, at: string, impersonatedBy: string | null) => ({
    id,
    token: id,
    userId,
    createdAt: new Date(at),
    updatedAt: new Date(at),
    expiresAt: new Date('2101-01-01T00:00:00Z'),
    impersonatedBy,
  })
  await database
    .insert(schema.session)
    .values([
      session(signedIn, '2100-01-01T00:00:00Z', null),
      session(impersonated, '2100-01-02T00:00:00Z', userId),
    ])
  const { recentSignIns } = await dashboardFigures()
  expect(recentSignIns[0]).toMatchObject({ id: signedIn, userId, name: 'Dashboard Person' })
  expect(recentSignIns.map((signIn) => signIn.id)).not.toContain(impersonated)
})

it('counts the books of the genres that have the most, most first', async () => {
  const { booksPerGenre } = await dashboardFigures()
  expect(booksPerGenre.length).toBeGreaterThan(0)
  expect(booksPerGenre.length).toBeLessThanOrEqual(8)
  const counts = booksPerGenre.map((genre) => genre.books)
  expect(counts).toEqual([...counts].sort((a, b) => b - a))
  const database = await db()
  for (const { name, books } of booksPerGenre) {
    const [row] = await database
      .select({ n: count() })
      .from(schema.book)
      .innerJoin(schema.genre, eq(schema.genre.id, schema.book.genreId))
      .where(eq(schema.genre.name, name))
    expect(books, name).toBe(row?.n)
  }
})
