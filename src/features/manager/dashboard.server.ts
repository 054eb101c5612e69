import '@tanstack/react-start/server-only'
import { and, count, countDistinct, desc, eq, gte, lt, max, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

import { type Period, periods } from '~/lib/periods'
import { db } from '~/server/database'
import { type Db, schema } from '~/server/db'

const RECENT_SIGN_INS = 5
/** The genres the dashboard's chart shows: those with the most books. */
const CHART_GENRES = 8
const DAY_MS = 24 * 60 * 60 * 1000

const { activity, book, genre, user } = schema

/** The start of a day, UTC, as the charts count days. */
const dayOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))

/**
 * A figure over the period and the one before it: rows made per day over both (`at` their time,
 * `where` which rows count), each day's count of the current period, and the two totals. Distinct
 * people are counted with `distinct`, once per day and once per period.
 */
async function overTime(
  database: Db,
  { from, until, days }: { from: Date; until: Date; days: number },
  source: {
    table: typeof activity | typeof book | typeof user
    at: AnyPgColumn
    where?: SQL
    distinct?: AnyPgColumn
  },
) {
  const day = sql<string>`to_char(date_trunc('day', ${source.at} at time zone 'UTC'), 'YYYY-MM-DD')`
  const counted = source.distinct ? countDistinct(source.distinct) : count()
  const previousFrom = new Date(from.getTime() - days * DAY_MS)
  const within = (start: Date, end: Date) => and(source.where, gte(source.at, start), lt(source.at, end))
  const [perDay, [now], [before]] = await Promise.all([
    database.select({ day, n: counted }).from(source.table).where(within(from, until)).groupBy(day),
    database.select({ n: counted }).from(source.table).where(within(from, until)),
    database.select({ n: counted }).from(source.table).where(within(previousFrom, from)),
  ])
  const byDay = new Map(perDay.map((row) => [row.day, row.n]))
  return {
    total: now?.n ?? 0,
    previous: before?.n ?? 0,
    days: Array.from({ length: days }, (_, index) => {
      const date = new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10)
      return { day: date, n: byDay.get(date) ?? 0 }
    }),
  }
}

/**
 * The dashboard over a period ending today (`until`, for tests): sign-ins, people active, new
 * users and books added, each with the period before it and per day, drawn from the activity log,
 * the people and the books; the books per genre; and the people who signed in last, once each.
 */
export async function dashboardFigures(period: Period, until = new Date()) {
  const database = await db()
  const days = periods[period]
  // Whole days: today and the days before it.
  const end = new Date(dayOf(until).getTime() + DAY_MS)
  const window = { from: new Date(end.getTime() - days * DAY_MS), until: end, days }
  const signIns = eq(activity.action, 'signIn')
  const [signInsOver, activeOver, usersOver, booksOver, recentSignIns, booksPerGenre] = await Promise.all([
    overTime(database, window, { table: activity, at: activity.at, where: signIns }),
    overTime(database, window, {
      table: activity,
      at: activity.at,
      where: signIns,
      distinct: activity.ownerId,
    }),
    overTime(database, window, { table: user, at: user.createdAt }),
    overTime(database, window, { table: book, at: book.createdAt }),
    // Each person once, by their latest sign-in; an admin acting as someone is not that person.
    database
      .select({
        userId: user.id,
        at: max(activity.at).mapWith((value: string | Date) => new Date(value)),
        name: user.name,
        email: user.email,
        image: user.image,
      })
      .from(activity)
      .innerJoin(user, eq(user.id, activity.ownerId))
      .where(signIns)
      .groupBy(user.id)
      .orderBy(desc(max(activity.at)))
      .limit(RECENT_SIGN_INS),
    database
      .select({ id: genre.id, name: genre.name, key: genre.key, books: count(book.id) })
      .from(book)
      .innerJoin(genre, eq(genre.id, book.genreId))
      .groupBy(genre.id, genre.name, genre.key)
      .orderBy(desc(count(book.id)), genre.name)
      .limit(CHART_GENRES),
  ])
  return {
    period,
    signIns: signInsOver,
    activePeople: activeOver,
    newUsers: usersOver,
    booksAdded: booksOver,
    recentSignIns,
    booksPerGenre,
  }
}
