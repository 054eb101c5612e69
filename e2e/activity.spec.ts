/**
 * The activity log as an administrator reads it: a change made on a book's page shows on that
 * page's history and in /manager/activity, whose filters live in the address; a user is refused it.
 */
import { expect, test } from '@playwright/test'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

test.describe('as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test("a book's change shows on its history, from what to what, and in the filtered log", async ({
    page,
  }) => {
    const stamp = crypto.randomUUID().slice(0, 8)
    const genres = await resultOf<{ id: string }[]>(
      await callServerFn(page.request, 'genre--getGenres', 'GET', { searchTerm: '' }),
    )
    const title = `Logged ${stamp}`
    const created = await resultOf<{ id: string }>(
      await callServerFn(page.request, 'book--postBook', 'POST', {
        title,
        author: `Ann ${stamp}`,
        genreId: genres[0]?.id,
      }),
    )
    await page.goto(`/manager/books/${created.id}/update`)
    await waitForHydration(page)
    await page.getByLabel('Author').fill(`Bea ${stamp}`)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Book updated')).toBeVisible()

    await page.goto(`/manager/books/${created.id}`)
    // One breadcrumb back to the list, no second way back.
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link')).toHaveText(['Books'])
    await expect(page.getByRole('link', { name: 'All books' })).toHaveCount(0)
    const history = page.getByRole('region', { name: 'History' })
    await expect(history.getByRole('listitem').first()).toContainText('Updated')
    await expect(history.getByRole('listitem').first()).toContainText(
      new RegExp(`Author: Ann ${stamp} → .*Bea ${stamp}`),
    )
    await expect(history).toContainText(/Created .* by \u2068?Admin/)
    await expect(history).toContainText(/Updated .* by \u2068?Admin/)

    // The log, filtered by kind and action through its page bar; the choices land in the address.
    await page.goto(`/manager/activity?searchTerm=${stamp}`)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    await page.getByRole('combobox', { name: 'Kind of item' }).selectOption('book')
    await page.getByRole('combobox', { name: 'Action' }).selectOption('update')
    await expect(page).toHaveURL(/entity=book/)
    await expect(page).toHaveURL(/action=update/)
    const rows = page.getByRole('main').getByRole('row')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(1)).toContainText(title)
    await expect(rows.nth(1)).toContainText('Admin')
    // The row opens the book.
    await rows.nth(1).getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/manager/books/${created.id}$`))

    // Cleared, the same search shows the creation too.
    await page.goto(`/manager/activity?searchTerm=${stamp}&action=create`)
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(2)
  })

  test("a person's page shows one primary action, the rest in a menu, and their history", async ({
    page,
  }) => {
    await page.goto('/manager/users?searchTerm=user%40example.com')
    await waitForHydration(page)
    await page.getByRole('main').getByRole('link', { name: /User/ }).first().click()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['Users'])
    const bar = page.locator('[data-page-bar]')
    await expect(bar.getByRole('link', { name: 'Edit' })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Ban' })).toHaveCount(0)
    await bar.getByRole('button', { name: /Actions for/ }).click()
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Impersonate', 'Ban', 'Delete'])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Signed in')
  })
})

test.describe('as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test('the activity log is refused: the page and its server function', async ({ page }) => {
    const response = await page.goto('/manager/activity')
    expect(response?.status()).toBe(403)
    const list = await callServerFn(page.request, 'activity--getActivity', 'GET', { searchTerm: '' })
    expect(list.status()).toBe(403)
    const history = await callServerFn(page.request, 'activity--getHistory', 'GET', {
      entity: 'book',
      id: 'x',
    })
    expect(history.status()).toBe(403)
  })
})

test.describe('the dashboard, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('keeps its period in the address, and each figure opens its filtered list', async ({ page }) => {
    await page.goto('/manager/dashboard')
    await waitForHydration(page)
    const period = page.getByRole('navigation', { name: 'Period' })
    await expect(period.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
    await period.getByRole('link', { name: '7 days' }).click()
    await expect(page).toHaveURL(/period=7d/)
    await expect(period.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('main').getByRole('link').filter({ hasText: 'Sign-ins' })).toContainText(
      /in the 7 days before/,
    )
    await page.getByRole('main').getByRole('link').filter({ hasText: 'Sign-ins' }).click()
    await expect(page).toHaveURL(/\/manager\/activity\?/)
    await expect(page).toHaveURL(/action=signIn/)
    await expect(page).toHaveURL(/period=7d/)
    await expect(page.getByRole('main').getByRole('row').nth(1)).toContainText('Signed in')
  })
})
