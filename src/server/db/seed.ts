import '@tanstack/react-start/server-only'

import type { Db } from '.'
import { book, genre, user } from './schema'
import { seedBooks, seedGenres, seedUsers } from './seed-data'

/** Safe to run again: rows that already exist, by their unique keys, are left alone. */
export async function seed(db: Db) {
  const now = new Date()
  await db
    .insert(user)
    .values(seedUsers.map((u) => ({ id: crypto.randomUUID(), ...u, emailVerified: true, onboardedAt: now })))
    .onConflictDoNothing()
  await db
    .insert(genre)
    .values(seedGenres.map((name) => ({ name })))
    .onConflictDoNothing()
  const genres = await db.select({ id: genre.id, name: genre.name }).from(genre)
  const genreIdByName = new Map(genres.map((g) => [g.name, g.id]))
  await db
    .insert(book)
    .values(
      seedBooks.flatMap(({ genre: genreName, ...rest }) => {
        const genreId = genreIdByName.get(genreName)
        return genreId ? [{ ...rest, genreId }] : []
      }),
    )
    .onConflictDoNothing()
}

export async function isEmpty(db: Db) {
  const rows = await db.select({ id: user.id }).from(user).limit(1)
  return rows.length === 0
}
