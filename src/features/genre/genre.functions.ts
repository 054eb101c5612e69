import { createServerFn } from '@tanstack/react-start'

import { requirePermission } from '~/features/auth/require-permission'

import { listGenres } from './genre.server'
import { zGenreListInput } from './schema'

export const getGenres = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ genre: ['read'] })])
  .validator(zGenreListInput)
  .handler(({ data }) => listGenres(data))
