import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { createGenre, listGenres } from './genre.server'
import { zGenreInput, zGenreListInput } from './schema'

export const getGenres = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('genre--getGenres')])
  .validator(validateInput(zGenreListInput))
  .handler(({ data }) => listGenres(data))

export const postGenre = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('genre--postGenre')])
  .validator(validateInput(zGenreInput))
  .handler(({ data }) => createGenre(data))
