import '@tanstack/react-start/server-only'
import { count, desc, eq, gt, isNull } from 'drizzle-orm'

import { db } from '~/server/database'
import { schema } from '~/server/db'

const RECENT_SIGN_INS = 5
/** The genres the dashboard's chart shows: those with the most books. */
const CHART_GENRES = 8

/** The dashboard's figures, straight from the database, read in parallel. */
export async function dashboardFigures() {
  const database = await db()
  const { book, genre, user, session } = schema
  const now = new Date()
  const [[books], [genres], [users], [activeSessions], recentSignIns, booksPerGenre] = await Promise.all([
    database.select({ n: count() }).from(book),
    database.select({ n: count() }).from(genre),
    database.select({ n: count() }).from(user),
    database.select({ n: count() }).from(session).where(gt(session.expiresAt, now)),
    database
      .select({
        id: session.id,
        at: session.createdAt,
        name: user.name,
        email: user.email,
        image: user.image,
        userId: user.id,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      // An admin acting as someone is not that person signing in.
      .where(isNull(session.impersonatedBy))
      .orderBy(desc(session.createdAt))
      .limit(RECENT_SIGN_INS),
    database
      .select({ name: genre.name, books: count(book.id) })
      .from(book)
      .innerJoin(genre, eq(genre.id, book.genreId))
      .groupBy(genre.id, genre.name)
      .orderBy(desc(count(book.id)), genre.name)
      .limit(CHART_GENRES),
  ])
  return {
    books: books?.n ?? 0,
    genres: genres?.n ?? 0,
    users: users?.n ?? 0,
    activeSessions: activeSessions?.n ?? 0,
    recentSignIns,
    booksPerGenre,
  }
}
