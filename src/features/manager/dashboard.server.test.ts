import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'

import { db } from '~/server/database'
import { schema } from '~/server/db'

import { dashboardFigures } from './dashboard.server'

const tag = crypto.randomUUID().slice(0, 8)
const userIds = [crypto.randomUUID(), crypto.randomUUID()]
const sessionIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
const bookIds: string[] = []

afterAll(async () => {
  const database = await db()
  await database.delete(schema.session).where(inArray(schema.session.id, sessionIds))
  await database.delete(schema.book).where(inArray(schema.book.id, bookIds))
  await database.delete(schema.user).where(inArray(schema.user.id, userIds))
})

/**
 * Rows dated in a week of the year 2100 that nothing else writes to, so the figures of that week,
 * and of the week before, are exactly what this test wrote.
 */
it('counts a period against the one before, per day, from the rows made then', async () => {
  const database = await db()
  const [first, second] = userIds as [string, string]
  await database.insert(schema.user).values([
    {
      id: first,
      name: `Early ${tag}`,
      email: `${first}@example.test`,
      createdAt: new Date('2099-12-28T10:00:00Z'),
    },
    {
      id: second,
      name: `Recent ${tag}`,
      email: `${second}@example.test`,
      createdAt: new Date('2100-01-05T10:00:00Z'),
    },
  ])
  const session = (id: string, userId: string, at: string, impersonatedBy: string | null = null) => ({
    id,
    token: id,
    userId,
    createdAt: new Date(at),
    updatedAt: new Date(at),
    expiresAt: new Date('2101-01-01T00:00:00Z'),
    impersonatedBy,
  })
  const [a, b, c, d] = sessionIds as [string, string, string, string]
  await database.insert(schema.session).values([
    session(a, first, '2100-01-03T08:00:00Z'),
    session(b, first, '2100-01-06T09:00:00Z'),
    session(c, second, '2100-01-06T10:00:00Z'),
    // An admin acting as someone is not that person signing in.
    session(d, second, '2100-01-06T11:00:00Z', first),
  ])
  const [someGenre] = await database.select({ id: schema.genre.id }).from(schema.genre).limit(1)
  const books = await database
    .insert(schema.book)
    .values(
      ['2099-12-30', '2100-01-02', '2100-01-06'].map((day, index) => ({
        title: `Dated ${index} ${tag}`,
        author: 'Dashboard',
        genreId: someGenre!.id,
        createdAt: new Date(`${day}T12:00:00Z`),
      })),
    )
    .returning({ id: schema.book.id })
  bookIds.push(...books.map((row) => row.id))

  // The week of 2100-01-01 to 2100-01-07, and 2099-12-25 to 2099-12-31 before it.
  const figures = await dashboardFigures('7d', new Date('2100-01-07T15:00:00Z'))
  expect(figures.signIns).toMatchObject({ total: 3, previous: 0 })
  expect(figures.activePeople).toMatchObject({ total: 2, previous: 0 })
  expect(figures.newUsers).toMatchObject({ total: 1, previous: 1 })
  expect(figures.booksAdded).toMatchObject({ total: 2, previous: 1 })
  expect(figures.signIns.days).toEqual([
    { day: '2100-01-01', n: 0 },
    { day: '2100-01-02', n: 0 },
    { day: '2100-01-03', n: 1 },
    { day: '2100-01-04', n: 0 },
    { day: '2100-01-05', n: 0 },
    { day: '2100-01-06', n: 2 },
    { day: '2100-01-07', n: 0 },
  ])
  expect(figures.activePeople.days.find((day) => day.day === '2100-01-06')?.n).toBe(2)
  expect(figures.booksAdded.days.filter((day) => day.n > 0).map((day) => day.day)).toEqual([
    '2100-01-02',
    '2100-01-06',
  ])
  // Each person once, by their latest sign-in, newest first.
  expect(figures.recentSignIns.slice(0, 2)).toMatchObject([
    { userId: second, at: new Date('2100-01-06T10:00:00Z') },
    { userId: first, at: new Date('2100-01-06T09:00:00Z') },
  ])
})

it('counts the books of the genres that have the most, most first', async () => {
  const { booksPerGenre } = await dashboardFigures('30d')
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
