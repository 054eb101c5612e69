import '@tanstack/react-start/server-only'
import { asc, ilike } from 'drizzle-orm'

import { db } from '~/server/database'
import { schema } from '~/server/db'

export async function listGenres({ searchTerm }: { searchTerm: string }) {
  const escaped = searchTerm.replace(/[\\%_]/g, (c) => `\\${c}`)
  return (await db())
    .select({ id: schema.genre.id, name: schema.genre.name })
    .from(schema.genre)
    .where(searchTerm ? ilike(schema.genre.name, `%${escaped}%`) : undefined)
    .orderBy(asc(schema.genre.name), asc(schema.genre.id))
}
