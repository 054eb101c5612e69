import { z } from 'zod/mini'

import { limits, maxChars, zId } from '~/lib/limits'
import { type ListView, listView } from '~/lib/search-params'

/** Messages are translation keys, namespace included, so any form can show them. */
export const zBookInput = z.object({
  title: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'book:validation.titleRequired' }), maxChars(limits.title)),
  author: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'book:validation.authorRequired' }), maxChars(limits.author)),
  genreId: z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: 'book:validation.genreRequired' })),
    zId,
  ),
  // An empty publisher is none.
  publisher: z.pipe(
    z.nullish(
      z.pipe(
        z.string().check(z.trim(), maxChars(limits.publisher)),
        z.transform((value) => value || null),
      ),
    ),
    z.transform((value) => value ?? null),
  ),
})
export type BookInput = z.input<typeof zBookInput>
export type BookValues = z.output<typeof zBookInput>

export const zBookId = z.object({ id: zId })

export const zBookUpdate = z.extend(zBookId, { book: zBookInput })

/** The books' list: sorted by title, author or when added; filtered by genre. */
export const bookList = listView(['title', 'author', 'createdAt'], { genre: zId })
export type BookListView = ListView<typeof bookList>
