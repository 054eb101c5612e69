import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deviceOf } from '~/features/user/device'
import { isolatedDatabase } from '~/test/fresh-database'

import type { Db } from '.'
import { book, genre, session, user } from './schema'
import { seed } from './seed'
import { seedGenres, seedUsers } from './seed-data'

const DAY = 86_400_000

/** Every row the seed writes, table by table, in a stable order. */
async function everyRow(database: Db) {
  const [users, genres, books, sessions] = await Promise.all([
    database.select().from(user).orderBy(user.id),
    database.select().from(genre).orderBy(genre.id),
    database.select().from(book).orderBy(book.id),
    database.select().from(session).orderBy(session.id),
  ])
  return { user: users, genre: genres, book: books, session: sessions }
}

/** Seeds an emptied database as of `now`, and returns what it holds. */
async function seedEmpty(database: Db, now: Date) {
  await database.execute(sql`truncate ${user}, ${genre}, ${book}, ${session} cascade`)
  await seed(database, { now })
  return everyRow(database)
}

// Its own database, because it reads and empties every table.
let isolated: Awaited<ReturnType<typeof isolatedDatabase>>
let database: Db
beforeAll(async () => {
  isolated = await isolatedDatabase('folio_seed')
  database = isolated.database.db
})
afterAll(() => isolated.close())

describe('the seed', () => {
  const now = new Date('2026-03-01T12:00:00.000Z')

  it('writes the same rows on every run, session tokens apart, which are secrets', async () => {
    const runs = [await seedEmpty(database, now), await seedEmpty(database, now)]
    const [first, second] = runs.map(({ session: sessions, ...rest }) => ({
      ...rest,
      session: sessions.map(({ token, ...other }) => ({ ...other, token: token.length })),
    }))
    expect(second).toEqual(first)
    expect(new Set([...runs[0]!.session, ...runs[1]!.session].map((s) => s.token)).size).toBe(
      runs[0]!.session.length * 2,
    )
  })

  it('changes no row when run again, even later', async () => {
    const before = await seedEmpty(database, now)
    await seed(database, { now: new Date(now.getTime() + 3 * DAY) })
    expect(await everyRow(database)).toEqual(before)
  })

  it('keeps the demo accounts as they were: onboarded, verified, no ban and no sign-in history', async () => {
    const { user: people, session: sessions } = await seedEmpty(database, now)
    const accounts = people.filter((p) => p.email.endsWith('@example.com'))
    expect(accounts.map(({ email, name, role }) => ({ email, name, role }))).toEqual(
      expect.arrayContaining(seedUsers.map((account) => ({ ...account }))),
    )
    expect(accounts).toHaveLength(seedUsers.length)
    for (const account of accounts) {
      expect(account).toMatchObject({ emailVerified: true, banned: false, banExpires: null })
      expect(account.onboardedAt).toEqual(now)
      expect(sessions.filter((s) => s.userId === account.id)).toEqual([])
    }
  })

  it('makes about a hundred people: mostly users, a few administrators, a handful banned', async () => {
    const { user: people } = await seedEmpty(database, now)
    expect(people.length).toBeGreaterThanOrEqual(90)
    expect(people.length).toBeLessThanOrEqual(110)
    const admins = people.filter((p) => p.role === 'admin').length
    expect(admins).toBeGreaterThanOrEqual(3)
    expect(admins).toBeLessThanOrEqual(people.length / 10)
    const banned = people.filter((p) => p.banned)
    expect(banned.length).toBeGreaterThanOrEqual(3)
    expect(banned.length).toBeLessThanOrEqual(10)
    // Some bans end on a day to come; the others last until lifted.
    expect(banned.some((p) => p.banExpires && p.banExpires > now)).toBe(true)
    expect(banned.some((p) => !p.banExpires)).toBe(true)
    // Joined over the last year, never in the future.
    const joined = people.map((p) => (now.getTime() - p.createdAt.getTime()) / DAY)
    expect(Math.min(...joined)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...joined)).toBeGreaterThan(200)
    expect(Math.max(...joined)).toBeLessThanOrEqual(366)
  })

  it('makes about 150 books across every genre, added on many days, each genre with its key', async () => {
    const { book: books, genre: genres } = await seedEmpty(database, now)
    expect(books.length).toBeGreaterThanOrEqual(140)
    expect(books.length).toBeLessThanOrEqual(160)
    expect(genres.map(({ key, name }) => ({ key, name }))).toEqual(
      expect.arrayContaining(seedGenres.map((g) => ({ ...g }))),
    )
    expect(new Set(books.map((b) => b.genreId)).size).toBe(seedGenres.length)
    expect(new Set(books.map((b) => b.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(100)
    for (const b of books) expect(b.createdAt.getTime()).toBeLessThan(now.getTime())
  })

  it('makes 90 days of sign-ins from documentation addresses and many devices; most are over', async () => {
    const { user: people, session: sessions } = await seedEmpty(database, now)
    const days = sessions.map((s) => (now.getTime() - s.createdAt.getTime()) / DAY)
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...days)).toBeGreaterThan(80)
    expect(Math.max(...days)).toBeLessThanOrEqual(90)
    // Most people signed in; the invited ones never did.
    expect(new Set(sessions.map((s) => s.userId)).size).toBeGreaterThan(people.length * 0.8)
    for (const s of sessions) {
      expect(s.ipAddress).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/)
      expect(s.updatedAt.getTime()).toBeGreaterThanOrEqual(s.createdAt.getTime())
      expect(s.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime())
    }
    const devices = sessions.map((s) => deviceOf(s.userAgent))
    expect(new Set(devices.map((d) => d.browser))).toEqual(new Set(['Chrome', 'Firefox', 'Safari']))
    expect(new Set(devices.map((d) => d.os))).toEqual(
      new Set(['Linux', 'macOS', 'Windows', 'iOS', 'Android']),
    )
    // A few sessions are live, none of a banned person.
    const live = sessions.filter((s) => s.expiresAt > now)
    expect(live.length).toBeGreaterThanOrEqual(5)
    expect(live.length).toBeLessThanOrEqual(sessions.length / 10)
    const banned = new Set(people.filter((p) => p.banned).map((p) => p.id))
    expect(live.filter((s) => banned.has(s.userId))).toEqual([])
  })
})
