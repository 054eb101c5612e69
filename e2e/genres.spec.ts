/**
 * Genre names: a seeded genre is named in the reader's language wherever a genre is shown; a genre
 * an administrator creates keeps exactly the name entered, in every language.
 */
import { expect, test } from '@playwright/test'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

test.use({ storageState: storageStateOf('admin') })

type Genre = { id: string; name: string }

test('a seeded genre is named in French and Arabic; one an administrator creates keeps its name', async ({
  page,
}) => {
  const tag = crypto.randomUUID().slice(0, 8)
  // The seeded genre, found by its name in French; and one the administrator names, in English.
  const [poetry] = await resultOf<Genre[]>(
    await callServerFn(page.request, 'genre--getGenres', 'GET', { searchTerm: 'Poésie' }),
  )
  expect(poetry?.name).toBe('Poetry')
  const mine = await resultOf<Genre>(
    await callServerFn(page.request, 'genre--postGenre', 'POST', { name: `Poetry slam ${tag}` }),
  )
  const books = await Promise.all(
    [poetry!, mine].map(async (genre, index) =>
      resultOf<{ id: string }>(
        await callServerFn(page.request, 'book--postBook', 'POST', {
          title: `Verses ${tag} ${index}`,
          author: `Poet ${tag}`,
          genreId: genre.id,
        }),
      ),
    ),
  )

  for (const [lng, seeded] of [
    ['fr', 'Poésie'],
    ['ar', 'شعر'],
    ['en', 'Poetry'],
  ] as const) {
    // The manager's list: the genre column and the genre filter.
    await page.goto(`/manager/books?searchTerm=${tag}&lng=${lng}`)
    await waitForHydration(page)
    const rows = page.getByRole('main').getByRole('row')
    await expect(rows.filter({ hasText: `Verses ${tag} 0` })).toContainText(seeded)
    await expect(rows.filter({ hasText: `Verses ${tag} 1` })).toContainText(`Poetry slam ${tag}`)
    const filter = page.getByRole('main').getByRole('combobox').last()
    await expect(filter.getByRole('option', { name: seeded, exact: true })).toBeAttached()
    await expect(filter.getByRole('option', { name: `Poetry slam ${tag}`, exact: true })).toBeAttached()

    // A reader's page of each book.
    await page.goto(`/app/books/${books[0]!.id}?lng=${lng}`)
    await expect(page.getByRole('definition').filter({ hasText: seeded })).toBeVisible()
    await page.goto(`/app/books/${books[1]!.id}?lng=${lng}`)
    await expect(page.getByRole('definition').filter({ hasText: `Poetry slam ${tag}` })).toBeVisible()
  }

  // The book form's genre field, typed in French, offers the seeded genre by its French name.
  await page.goto(`/manager/books/${books[0]!.id}/update?lng=fr`)
  await waitForHydration(page)
  const genreBox = page.getByRole('combobox', { name: 'Genre' })
  await expect(genreBox).toHaveValue('Poésie')
  await genreBox.fill('poés')
  await expect(page.getByRole('option', { name: 'Poésie', exact: true })).toBeVisible()

  for (const book of books) await callServerFn(page.request, 'book--removeBook', 'POST', { id: book.id })
})
