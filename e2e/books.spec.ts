import { expect, test } from '@playwright/test'

import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'

test.describe('the app catalogue, as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test('lists books, loads more, and opens one', async ({ page }) => {
    await page.goto('/app/books')
    await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible()
    const rows = page.getByRole('list').getByRole('link')
    await expect(rows).toHaveCount(20)
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(rows).toHaveCount(40)
    await expect(page.getByText(/^Showing 40 of \d+$/)).toBeVisible()

    const first = rows.first()
    const title = (await first.locator('span').first().textContent()) ?? ''
    await first.click()
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    for (const label of ['Author', 'Genre', 'Publisher'])
      await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible()
  })

  test('an unknown book answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/app/books/no-such-book')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  })

  test("cannot reach the manager's book pages", async ({ page }) => {
    const response = await page.goto('/manager/books')
    expect(response?.status()).toBe(403)
  })

  test('cannot create a book: 403 before anything runs', async ({ request }) => {
    const response = await request.post('/api/fn/book--postBook', {
      headers: { origin: harness.baseUrl, 'sec-fetch-site': 'same-origin' },
    })
    expect(response.status()).toBe(403)
  })
})

test.describe('book functions, signed out', () => {
  for (const fn of ['getBooks', 'getBookById']) {
    test(`${fn} answers 401`, async ({ request }) => {
      expect((await request.get(`/api/fn/book--${fn}`)).status()).toBe(401)
    })
  }
  for (const fn of ['postBook', 'putBook', 'removeBook']) {
    test(`${fn} answers 401`, async ({ request }) => {
      const response = await request.post(`/api/fn/book--${fn}`, {
        headers: { origin: harness.baseUrl, 'sec-fetch-site': 'same-origin' },
      })
      expect(response.status()).toBe(401)
    })
  }
})

test.describe("the manager's catalogue, as an admin", () => {
  test.use({ storageState: storageStateOf('admin') })

  test('searches as the admin types, keeps the term in the address, clears it, and opens a book', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    const rows = page.getByRole('list').getByRole('link')
    await expect(rows).toHaveCount(20)
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(rows).toHaveCount(40)

    await page.getByLabel('Search books').fill('AUSTEN')
    await expect(page).toHaveURL(/\/manager\/books\?searchTerm=AUSTEN$/)
    await expect(page.getByText('4 results for "AUSTEN"')).toBeVisible()
    await expect(rows).toHaveCount(4)

    await page.getByLabel('Search books').fill('zzzzqq')
    await expect(page.getByText('No book matches this search')).toBeVisible()
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect(page).toHaveURL(/\/manager\/books$/)
    await expect(page.getByText(/results? for/)).toHaveCount(0)
    // The whole catalogue again, as far as it was loaded.
    await expect(rows).toHaveCount(40)

    await page.goto('/manager/books?searchTerm=Pride')
    await rows.first().click()
    await expect(page.getByRole('heading', { name: 'Pride and Prejudice' })).toBeVisible()
    await expect(page.getByText('Jane Austen')).toBeVisible()
  })
})
