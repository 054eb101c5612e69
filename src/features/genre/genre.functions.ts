import { createServerFn } from '@tanstack/react-start'

import { requirePermission } from '~/features/auth/require-permission'

import { createGenre, listGenres } from './genre.server'
import { zGenreInput, zGenreListInput } from './schema'

export const getGenres = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ genre: ['read'] })])
  .validator(zGenreListInput)
  .handler(({ data }) => listGenres(data))

export const postGenre = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ genre: ['create'] })])
  .validator(zGenreInput)
  .handler(({ data }) => createGenre(data))
