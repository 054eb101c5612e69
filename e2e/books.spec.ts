import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'

import {
  callsTo,
  chooseOnPage,
  clickTwiceAtOnce,
  firstItemLink,
  itemLinks,
  waitForHydration,
} from './support/fixtures'
import { storageStateOf } from './support/roles'

test.describe('the app catalogue, as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test('lists books, loads more, and opens one', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/app/books')
    await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible()
    const rows = itemLinks(page)
    await expect(rows).toHaveCount(20)
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()
    // By keyboard: the focus moves on to the first new row.
    const loadMore = page.getByRole('button', { name: 'Load more' })
    await expect(loadMore).toBeEnabled()
    await loadMore.focus()
    await expect(loadMore).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(rows).toHaveCount(40)
    await expect(page.getByText(/^Showing 40 of \d+$/)).toBeVisible()
    await expect(rows.nth(20)).toBeFocused()

    const first = rows.first()
    // The card's title line carries the whole title (it may be cut short on screen).
    const title = (await first.locator('span[title]').first().getAttribute('title')) ?? ''
    expect(title).not.toBe('')
    await first.click()
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    for (const label of ['Author', 'Genre', 'Publisher'])
      await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible()
  })

  test('an unknown book answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/app/books/no-such-book')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    // The page stays inside the app's navigation, and Home leads to the app's home.
    await waitForHydration(page)
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app')
  })

  for (const path of ['/manager/books', '/manager/books/new', '/manager/books/any/update'])
    test(`cannot reach ${path}`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(403)
    })
})

test.describe("the manager's catalogue, as an admin", () => {
  test.use({ storageState: storageStateOf('admin') })
  // Leaving a changed form for another address shows the browser's own 'leave page?' prompt.
  test.beforeEach(({ page }) => page.on('dialog', (dialog) => void dialog.accept()))

  test('searches as the admin types, keeps the term in the address, clears it, and opens a book', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    const rows = itemLinks(page)
    await expect(rows).toHaveCount(20)
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(rows).toHaveCount(40)

    await page.getByLabel('Search books').fill('AUSTEN')
    await expect(page).toHaveURL(/\/manager\/books\?searchTerm=AUSTEN$/)
    await expect(page.getByText('Showing 4 of 4')).toBeVisible()
    await expect(rows).toHaveCount(4)

    await page.getByLabel('Search books').fill('zzzzqq')
    await expect(page.getByText('No book matches this search')).toBeVisible()
    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(page).toHaveURL(/\/manager\/books$/)
    await expect(page.getByText(/^Showing 40 of \d+$/)).toBeVisible()
    // The whole catalogue again, as far as it was loaded.
    await expect(rows).toHaveCount(40)

    await page.goto('/manager/books?searchTerm=Pride')
    await rows.first().click()
    await expect(page.getByRole('heading', { name: 'Pride and Prejudice' })).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'Jane Austen' })).toBeVisible()
  })

  test(
    "the menu's link to the whole list and the browser's Back set the search box too",
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/manager/books')
      const box = page.getByLabel('Search books')
      // Type after hydration, so the search box's handler receives it.
      await expect(page.getByRole('button', { name: 'Load more' })).toBeEnabled()
      await box.fill('AUSTEN')
      await expect(page.getByText('Showing 4 of 4')).toBeVisible()

      // On a phone the menu is a sheet, opened first.
      if (testInfo.project.name === 'mobile')
        await page.getByRole('button', { name: 'Toggle sidebar' }).click()
      await page.getByRole('navigation').getByRole('link', { name: 'Books', exact: true }).click()
      await expect(box).toHaveValue('')
      await expect(page).toHaveURL(/\/manager\/books$/)
      await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()

      await page.goBack()
      await expect(box).toHaveValue('AUSTEN')
      await expect(page).toHaveURL(/\/manager\/books\?searchTerm=AUSTEN$/)
      await expect(page.getByText('Showing 4 of 4')).toBeVisible()
    },
  )

  test(
    'creates a book with a new genre, finds it, edits it and deletes it',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      // A book's whole life in one test takes about 30 s on a slow machine.
      test.slow()
      const id = crypto.randomUUID().slice(0, 8)
      const title = `The Folio Test ${id}`
      const genre = `Genre ${id}`

      await page.goto('/manager/books')
      await page.getByRole('link', { name: 'New book' }).click()
      await expect(page.getByRole('heading', { name: 'New book' })).toBeVisible()
      await page.getByRole('button', { name: 'Create book' }).click()
      await expect(page.getByText('Title is required')).toBeVisible()

      await page.getByLabel('Title').fill(title)
      await page.getByLabel('Author').fill('Test Author')
      // Leaving a changed form asks first; staying keeps what was typed.
      const backToList = page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Books' })
      await backToList.click()
      const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' })
      await expect(leave).toBeVisible()
      await leave.getByRole('button', { name: 'Cancel' }).click()
      await expect(leave).toBeHidden()
      // The focus returns to the link once the dialog closes; typing earlier would be lost.
      await expect(backToList).toBeFocused()
      await expect(page.getByLabel('Title')).toHaveValue(title)

      const genreBox = page.getByRole('combobox', { name: 'Genre' })
      await genreBox.fill(genre)
      await expect(page.getByRole('listbox', { name: 'Genre' }).getByText('No results found')).toBeVisible()
      // The 'no results' row is announced as a status, not offered as an option for the arrow keys.
      await expect(page.getByRole('status').filter({ hasText: 'No results found' })).toHaveCount(1)
      // Created once, however fast it is picked again.
      const genreCreates = callsTo(page, 'genre--postGenre')
      await clickTwiceAtOnce(page.getByRole('option', { name: `Create “${isolate(genre)}”` }))
      await expect(genreBox).toHaveValue(genre)
      expect(genreCreates).toHaveLength(1)
      await page.getByLabel('Publisher').fill('Folio Press')
      // Saved once, even when submitted twice at once (a second save would be refused as a duplicate).
      const creates = callsTo(page, 'book--postBook')
      await clickTwiceAtOnce(page.getByRole('button', { name: 'Create book' }))
      await expect(page.getByText('Book created')).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      expect(creates).toHaveLength(1)
      await expect(page.getByRole('definition').filter({ hasText: genre })).toBeVisible()

      // The same title by the same author is refused, on the field and on the form.
      await page.goto('/manager/books/new')
      await waitForHydration(page)
      await page.getByLabel('Title').fill(title.toUpperCase())
      await page.getByLabel('Author').fill('test author')
      // The genre is picked with the keyboard alone: type, arrow to the option, Enter.
      await genreBox.fill(genre.slice(0, -1))
      await expect(page.getByRole('option', { name: genre, exact: true })).toBeVisible()
      await expect(page.getByRole('option', { name: /^Create “/ })).toBeVisible()
      // A screen reader hears how many there are.
      await expect(page.getByRole('status').filter({ hasText: /^2 options$/ })).toHaveCount(1)
      await genreBox.press('ArrowDown')
      await genreBox.press('ArrowUp')
      await genreBox.press('Enter')
      await expect(genreBox).toHaveValue(genre)
      await page.getByRole('button', { name: 'Create book' }).click()
      await expect(page.getByText('Title already used with the same author')).toBeVisible()
      await expect(page.getByText('A book by this author already exists', { exact: true })).toBeVisible()
      await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')

      // Found by search, opened, edited.
      await page.goto(`/manager/books?searchTerm=${encodeURIComponent(id)}`)
      await expect(page.getByText('Showing 1 of 1')).toBeVisible()
      await page.getByRole('link', { name: new RegExp(title) }).click()
      await page.getByRole('link', { name: 'Edit' }).click()
      await expect(page).toHaveURL(/\/update$/)
      await page.getByLabel('Publisher').fill('Other Press')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByText('Book updated')).toBeVisible()
      await expect(page.getByRole('definition').filter({ hasText: 'Other Press' })).toBeVisible()

      // Deleting asks first: a dialog, or a bottom drawer on a phone.
      await chooseOnPage(page, 'Delete')
      const confirm = page.getByRole('dialog', { name: 'Delete this book?' })
      await expect(confirm).toBeVisible()
      if (testInfo.project.name === 'mobile') await expect(confirm).toHaveAttribute('data-vaul-drawer')
      else await expect(confirm).not.toHaveAttribute('data-vaul-drawer')
      // Done once, even for a click that lands twice before the page redraws.
      const deletes = callsTo(page, 'book--removeBook')
      await clickTwiceAtOnce(confirm.getByRole('button', { name: 'Delete' }))
      await expect(page.getByText('Book deleted')).toBeVisible()
      await expect(page).toHaveURL(/\/manager\/books$/)
      expect(deletes).toHaveLength(1)
      await expect(page.getByText('Failed to delete the book')).toHaveCount(0)
      await page.goto(`/manager/books?searchTerm=${encodeURIComponent(id)}`)
      await expect(page.getByText('No book matches this search')).toBeVisible()
    },
  )

  test('says so when saving or deleting fails', async ({ page }) => {
    // Each save and delete request is aborted, and the page must say what failed.
    await page.goto('/manager/books/new')
    await waitForHydration(page)
    await page.getByLabel('Title').fill(`Unsaved ${crypto.randomUUID().slice(0, 8)}`)
    await page.getByLabel('Author').fill('Nobody')
    const genreBox = page.getByRole('combobox', { name: 'Genre' })
    await genreBox.click()
    await page.getByRole('option').first().click()
    await page.route('**/api/fn/book--postBook', (route) => route.abort())
    await page.getByRole('button', { name: 'Create book' }).click()
    await expect(page.getByText('Failed to create a book')).toBeVisible()
    await expect(page.getByLabel('Author')).toHaveValue('Nobody')

    await page.goto('/manager/books?searchTerm=Pride')
    // From here the test navigates client-side, so the form tracks its change.
    await waitForHydration(page)
    await firstItemLink(page).click()
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Publisher').fill('Changed')
    await page.route('**/api/fn/book--putBook', (route) => route.abort())
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Failed to update a book')).toBeVisible()

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Books' }).click()
    await page
      .getByRole('dialog', { name: 'Are you sure you want to leave?' })
      .getByRole('button', { name: 'Leave' })
      .click()
    await expect(page).toHaveURL(/\/manager\/books$/)
    await page.goto('/manager/books?searchTerm=Pride')
    await waitForHydration(page)
    await firstItemLink(page).click()
    await page.route('**/api/fn/book--removeBook', (route) => route.abort())
    await chooseOnPage(page, 'Delete')
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Failed to delete the book')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Pride and Prejudice' })).toBeVisible()
  })
})
