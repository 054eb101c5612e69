import '@tanstack/react-start/server-only'
import { asc, ilike } from 'drizzle-orm'

import { appConfig } from '@/app.config'
import { HttpError } from '~/lib/http-error'
import { escapeLike } from '~/lib/like'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { withDbErrors } from '~/server/db/errors'

const { genre } = schema

export async function listGenres({ searchTerm }: { searchTerm: string }) {
  return (await db())
    .select({ id: genre.id, name: genre.name })
    .from(genre)
    .where(searchTerm ? ilike(genre.name, `%${escapeLike(searchTerm)}%`) : undefined)
    .orderBy(asc(genre.name), asc(genre.id))
    .limit(appConfig.pageSizes.genres)
}

export async function createGenre({ name }: { name: string }) {
  const [created] = await withDbErrors(async () =>
    (await db()).insert(genre).values({ name }).returning({ id: genre.id, name: genre.name }),
  )
  if (!created) throw new HttpError(500, 'UNKNOWN_ERROR')
  return created
}
