import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { createBook, deleteBook, getBook, listBooks, updateBook } from './book.server'
import { zBookId, zBookInput, bookList, zBookUpdate } from './schema'

export const getBooks = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('book--getBooks')])
  .validator(validateInput(bookList.input))
  .handler(({ data }) => listBooks(data))

export const getBookById = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('book--getBookById')])
  .validator(validateInput(zBookId))
  .handler(({ data }) => getBook(data.id))

export const postBook = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('book--postBook')])
  .validator(validateInput(zBookInput))
  .handler(({ data }) => createBook(data))

export const putBook = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('book--putBook')])
  .validator(validateInput(zBookUpdate))
  .handler(({ data }) => updateBook(data.id, data.book))

export const removeBook = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('book--removeBook')])
  .validator(validateInput(zBookId))
  .handler(({ data }) => deleteBook(data.id))
