import '@tanstack/react-start/server-only'
import { asc, ilike, inArray, or } from 'drizzle-orm'

import { appConfig, languages } from '@/app.config'
import { HttpError } from '~/lib/http-error'
import { escapeLike } from '~/lib/like'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { withDbErrors } from '~/server/db/errors'
import { localeFile } from '~/server/i18n'

const { genre } = schema

const genreColumns = { id: genre.id, name: genre.name, key: genre.key }

/**
 * The keys of the seeded genres whose name in some language holds the term, so a genre is found by
 * the name the reader sees ('Poésie' finds Poetry) as well as by the name stored.
 */
function keysNamed(term: string) {
  const lowered = term.toLocaleLowerCase()
  const keys = new Set<string>()
  for (const lng of languages) {
    const names = (localeFile(lng, 'book')?.genres ?? {}) as Record<string, string>
    for (const [key, name] of Object.entries(names))
      if (name.toLocaleLowerCase().includes(lowered)) keys.add(key)
  }
  return [...keys]
}

export async function listGenres({ searchTerm }: { searchTerm: string }) {
  const keys = searchTerm ? keysNamed(searchTerm) : []
  return (await db())
    .select(genreColumns)
    .from(genre)
    .where(
      searchTerm
        ? or(
            ilike(genre.name, `%${escapeLike(searchTerm)}%`),
            keys.length > 0 ? inArray(genre.key, keys) : undefined,
          )
        : undefined,
    )
    .orderBy(asc(genre.name), asc(genre.id))
    .limit(appConfig.pageSizes.genres)
}

export async function createGenre({ name }: { name: string }) {
  const [created] = await withDbErrors(async () =>
    (await db()).insert(genre).values({ name }).returning(genreColumns),
  )
  if (!created) throw new HttpError(500, 'UNKNOWN_ERROR')
  return created
}
