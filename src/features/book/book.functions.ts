import { createServerFn } from '@tanstack/react-start'

import { requirePermission } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { createBook, deleteBook, getBook, listBooks, updateBook } from './book.server'
import { zBookId, zBookInput, zBookListInput, zBookUpdate } from './schema'

export const getBooks = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ book: ['read'] })])
  .validator(validateInput(zBookListInput))
  .handler(({ data }) => listBooks(data))

export const getBookById = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ book: ['read'] })])
  .validator(validateInput(zBookId))
  .handler(({ data }) => getBook(data.id))

export const postBook = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ book: ['create'] })])
  .validator(validateInput(zBookInput))
  .handler(({ data }) => createBook(data))

export const putBook = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ book: ['update'] })])
  .validator(validateInput(zBookUpdate))
  .handler(({ data }) => updateBook(data.id, data.book))

export const removeBook = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ book: ['delete'] })])
  .validator(validateInput(zBookId))
  .handler(({ data }) => deleteBook(data.id))
