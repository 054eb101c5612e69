import '@tanstack/react-start/server-only'
import { count } from 'drizzle-orm'

import { db } from '~/server/database'
import { schema } from '~/server/db'

/** The catalogue's size, counted in one round trip. */
export async function dashboardFigures() {
  const database = await db()
  const [books, genres, users] = await Promise.all(
    [schema.book, schema.genre, schema.user].map((table) => database.select({ n: count() }).from(table)),
  )
  return { books: books?.[0]?.n ?? 0, genres: genres?.[0]?.n ?? 0, users: users?.[0]?.n ?? 0 }
}
