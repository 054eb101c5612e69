import { expect, test } from '@playwright/test'

import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

type Book = {
  id: string
  title: string
  author: string
  publisher: string | null
  genre: { id: string; name: string }
}
type BookPage = { items: Book[]; nextCursor: string | null; total: number }

const suffix = () => crypto.randomUUID().slice(0, 8)

/** Every book and genre function, with a valid payload for it. */
const functions = [
  { fn: 'book--getBooks', method: 'GET', write: false, data: { searchTerm: 'austen' } },
  { fn: 'book--getBookById', method: 'GET', write: false, data: { id: 'no-such-book' } },
  { fn: 'book--postBook', method: 'POST', write: true, data: { title: 'T', author: 'A', genreId: 'g' } },
  {
    fn: 'book--putBook',
    method: 'POST',
    write: true,
    data: { id: 'b', book: { title: 'T', author: 'A', genreId: 'g' } },
  },
  { fn: 'book--removeBook', method: 'POST', write: true, data: { id: 'b' } },
  { fn: 'genre--getGenres', method: 'GET', write: false, data: { searchTerm: '' } },
  { fn: 'genre--postGenre', method: 'POST', write: true, data: { name: 'Never created' } },
] as const

test.describe('book and genre functions, signed out: 401', () => {
  for (const { fn, method, data } of functions)
    test(fn, async ({ request }) => {
      expect((await callServerFn(request, fn, method, data)).status()).toBe(401)
    })
})

test.describe('book and genre functions, as a user: reads allowed, writes 403', () => {
  test.use({ storageState: storageStateOf('user') })
  for (const { fn, method, write, data } of functions)
    test(fn, async ({ request }) => {
      const response = await callServerFn(request, fn, method, data)
      // getBookById is allowed and answers 404 for the unknown id it is given.
      expect(response.status()).toBe(write ? 403 : fn === 'book--getBookById' ? 404 : 200)
    })
})

test.describe('book and genre functions, as an admin: allowed', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('lists, creates, reads, updates and deletes books and genres', async ({ request }) => {
    const list = await callServerFn(request, 'book--getBooks', 'GET', { searchTerm: 'austen' })
    expect(list.status()).toBe(200)
    expect((await resultOf<BookPage>(list)).items.map((book) => book.author)).toContain('Jane Austen')

    const name = `Genre ${suffix()}`
    const genre = await callServerFn(request, 'genre--postGenre', 'POST', { name })
    expect(genre.status()).toBe(200)
    const { id: genreId } = await resultOf<{ id: string }>(genre)
    const genres = await callServerFn(request, 'genre--getGenres', 'GET', { searchTerm: name.toUpperCase() })
    expect((await resultOf<{ name: string }[]>(genres)).map((found) => found.name)).toEqual([name])
    expect(
      (await callServerFn(request, 'genre--postGenre', 'POST', { name: name.toLowerCase() })).status(),
    ).toBe(409)

    const input = { title: `Matrix ${suffix()}`, author: 'Ada Author', genreId }
    const created = await callServerFn(request, 'book--postBook', 'POST', input)
    expect(created.status()).toBe(200)
    const { id } = await resultOf<{ id: string }>(created)

    const read = await callServerFn(request, 'book--getBookById', 'GET', { id })
    expect(await resultOf<Book>(read)).toMatchObject({
      title: input.title,
      author: input.author,
      genre: { id: genreId, name },
    })

    const updated = await callServerFn(request, 'book--putBook', 'POST', {
      id,
      book: { ...input, publisher: 'Penguin' },
    })
    expect(updated.status()).toBe(200)
    const reread = await resultOf<Book>(await callServerFn(request, 'book--getBookById', 'GET', { id }))
    expect(reread.publisher).toBe('Penguin')

    expect((await callServerFn(request, 'book--removeBook', 'POST', { id })).status()).toBe(200)
    expect((await callServerFn(request, 'book--getBookById', 'GET', { id })).status()).toBe(404)
  })

  test('invalid input is refused with 400 and writes nothing', async ({ request }) => {
    // Every attempt has the marker in its title or author, and the search reads both.
    const marker = suffix()
    const title = `Invalid ${marker}`
    const author = `Someone ${marker}`
    const countOf = async () =>
      (await resultOf<BookPage>(await callServerFn(request, 'book--getBooks', 'GET', { searchTerm: marker })))
        .total
    const genres = await resultOf<{ id: string }[]>(
      await callServerFn(request, 'genre--getGenres', 'GET', {}),
    )
    const genreId = genres[0]!.id

    for (const invalid of [
      { title: '   ', author, genreId },
      { title, author: '', genreId },
      { title, author, genreId: '' },
      { title: 'x'.repeat(301), author, genreId },
      { title, author },
    ]) {
      expect((await callServerFn(request, 'book--postBook', 'POST', invalid)).status()).toBe(400)
    }
    expect(await countOf()).toBe(0)

    // An update with an invalid field leaves the book as it was.
    const created = await callServerFn(request, 'book--postBook', 'POST', { title, author, genreId })
    const { id } = await resultOf<{ id: string }>(created)
    const refused = await callServerFn(request, 'book--putBook', 'POST', {
      id,
      book: { title: '', author: 'Other', genreId },
    })
    expect(refused.status()).toBe(400)
    expect(
      await resultOf<Book>(await callServerFn(request, 'book--getBookById', 'GET', { id })),
    ).toMatchObject({ title, author })
    // A genre that does not exist is refused on the genre field, and nothing is written.
    const missingGenre = await callServerFn(request, 'book--putBook', 'POST', {
      id,
      book: { title, author: 'Other', genreId: 'no-such-genre' },
    })
    expect(missingGenre.status()).toBe(422)
    expect(await countOf()).toBe(1)
    expect((await callServerFn(request, 'genre--postGenre', 'POST', { name: ' ' })).status()).toBe(400)
    await callServerFn(request, 'book--removeBook', 'POST', { id })
  })
})
