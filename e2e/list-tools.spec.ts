/**
 * The manager's lists as a working tool: sorting by a column header, filters combined with the
 * search, all kept in the address, one way to clear them, a header row that stays in view, and a
 * menu of actions on each row that works by keyboard.
 */
import { expect, type Page, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

test.use({ storageState: storageStateOf('admin') })

/** Once the rows of the view asked for have come (the table is busy until then). */
const settled = (page: Page) => expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0)

/** Opens a list, ready for a person's first choice. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}

/** The text of one column in every row of the table, header row left out, once they have come. */
async function column(page: Page, index: number) {
  await settled(page)
  const rows = await page.getByRole('main').getByRole('row').all()
  return Promise.all(
    rows.slice(1).map(async (row) => (await row.getByRole('cell').nth(index).innerText()).trim()),
  )
}

const sortedLike = (values: string[], desc = false) => {
  const collator = new Intl.Collator('en')
  const sorted = values.toSorted((a, b) => collator.compare(a, b))
  return desc ? sorted.toReversed() : sorted
}

test('a column header sorts the books, by the database, in the address, either way', async ({ page }) => {
  await open(page, '/manager/books')
  const author = page.getByRole('columnheader', { name: 'Author' })
  const title = page.getByRole('columnheader', { name: 'Title' })
  // By title at first, ascending; the other sortable headers are buttons too.
  await expect(title).toHaveAttribute('aria-sort', 'ascending')
  await expect(author).not.toHaveAttribute('aria-sort')
  await expect(page.getByRole('columnheader', { name: 'Genre' }).getByRole('button')).toHaveCount(0)

  await author.getByRole('button').click()
  await expect(page).toHaveURL(/\/manager\/books\?sort=author$/)
  await expect(author).toHaveAttribute('aria-sort', 'ascending')
  await settled(page)
  await expect(title).not.toHaveAttribute('aria-sort')
  // The first page of the whole catalogue by author: in order, and the author that sorts first of
  // the seed's is among them or after them.
  const firstAuthors = await column(page, 1)
  expect(firstAuthors).toEqual(sortedLike(firstAuthors))
  expect(sortedLike([firstAuthors[0]!, 'Agatha Christie'])[0]).toBe(firstAuthors[0])

  await author.getByRole('button').click()
  await expect(page).toHaveURL(/\/manager\/books\?sort=author&desc=true$/)
  await expect(author).toHaveAttribute('aria-sort', 'descending')
  const lastAuthors = await column(page, 1)
  expect(lastAuthors).toEqual(sortedLike(lastAuthors, true))
  expect(lastAuthors[0]).not.toBe(firstAuthors[0])

  // The address alone brings the same view, paged the same way.
  await page.reload()
  await expect(author).toHaveAttribute('aria-sort', 'descending')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(page.getByText(/^Showing 40 of \d+$/)).toBeVisible()
  const forty = await column(page, 1)
  expect(forty).toEqual(sortedLike(forty, true))

  // Newest first is the first click on the date.
  await page.getByRole('columnheader', { name: 'Added' }).getByRole('button').click()
  await expect(page).toHaveURL(/\/manager\/books\?sort=createdAt&desc=true$/)
})

test('a genre filter and the search combine in the address; one button clears both', async ({ page }) => {
  await open(page, '/manager/books')
  const genre = page.getByRole('combobox', { name: 'Genre' })
  await genre.selectOption({ label: 'Romance' })
  await expect(page).toHaveURL(/\/manager\/books\?genre=[^&]+$/)
  await expect.poll(async () => new Set(await column(page, 2))).toEqual(new Set(['Romance']))
  await page.getByLabel('Search books').fill('austen')
  await expect(page).toHaveURL(/\?genre=[^&]+&searchTerm=austen$|\?searchTerm=austen&genre=[^&]+$/)
  // Jane Austen's novels in the seed, only the romances, counted once.
  await expect(page.getByText(/^Showing \d of \d$/)).toHaveCount(1)
  const authors = await column(page, 1)
  expect(new Set(authors)).toEqual(new Set(['Jane Austen']))
  expect(new Set(await column(page, 2))).toEqual(new Set(['Romance']))

  // A reload keeps the filter in the box and the term in the search.
  await page.reload()
  await expect(genre).toHaveValue(/.+/)
  await expect(page.getByLabel('Search books')).toHaveValue('austen')

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/manager\/books$/)
  await expect(genre).toHaveValue('')
  await expect(page.getByLabel('Search books')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0)
  await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()
})

test('the users filter by role, status and recent sign-in, kept in the address', async ({ page }) => {
  // Other tests add people, so the demo accounts are looked for by their address.
  const row = (email: string) => page.getByRole('main').getByRole('row').filter({ hasText: email })
  await page.goto('/manager/users?role=admin&searchTerm=%40example.com')
  await waitForHydration(page)
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('admin')
  await expect(row('admin@example.com')).toHaveCount(1)
  await expect(row('user@example.com')).toHaveCount(0)
  await page.goto('/manager/users?role=user&searchTerm=user%40example.com')
  await expect(row('user@example.com')).toHaveCount(1)
  await page.goto('/manager/users?role=admin&searchTerm=admin%40example.com')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Banned' })
  await expect(page).toHaveURL(/role=admin/)
  await expect(page).toHaveURL(/status=banned/)
  // No administrator is banned: the empty state, with no count line under it.
  await expect(page.getByText('No user matches this search')).toBeVisible()
  await expect(page.getByText(/^Showing/)).toHaveCount(0)

  await page.goto('/manager/users?seen=30d&searchTerm=admin%40example.com')
  // The demo accounts signed in for the tests today.
  await expect(page.getByRole('combobox', { name: 'Last seen' })).toHaveValue('30d')
  await expect(row('admin@example.com')).toHaveCount(1)
  // A value the list does not know is dropped rather than refused.
  await page.goto('/manager/users?seen=forever&role=wizard')
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('')
  await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible()
})

test('the header row stays under the page bar while the rows scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/manager/books')
  await waitForHydration(page)
  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  const bar = await page.locator('[data-page-bar]').boundingBox()
  const header = await page.getByRole('columnheader', { name: 'Title' }).boundingBox()
  expect(bar && header).toBeTruthy()
  expect(Math.abs(header!.y - (bar!.y + bar!.height))).toBeLessThanOrEqual(1)
})

test("a row's menu works by keyboard: open, edit, and delete once confirmed", async ({ page }) => {
  const stamp = crypto.randomUUID().slice(0, 8)
  const genres = await resultOf<{ id: string }[]>(
    await callServerFn(page.request, 'genre--getGenres', 'GET', { searchTerm: '' }),
  )
  const title = `Menu ${stamp}`
  const created = await callServerFn(page.request, 'book--postBook', 'POST', {
    title,
    author: `Keyes ${stamp}`,
    genreId: genres[0]?.id,
  })
  expect(created.status()).toBe(200)
  await open(page, `/manager/books?searchTerm=${stamp}`)

  const menuButton = page.getByRole('button', { name: `Actions for ${isolate(title)}` })
  // Its button is enabled once its part of the page has hydrated.
  await expect(menuButton).toBeEnabled()
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Edit', 'Delete'])
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused()
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(menuButton).toBeFocused()

  // The menu focuses its first item once it has opened; keys pressed before that go to the button.
  await page.keyboard.press('Enter')
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/manager\/books\/[^/]+\/update$/)
  await page.goBack()

  await menuButton.focus()
  await page.keyboard.press('Enter')
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Delete this book?' })
  await expect(dialog).toBeVisible()
  // Cancelled, nothing is deleted.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('main').getByText(title, { exact: true })).toBeVisible()

  await menuButton.click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Book deleted')).toBeVisible()
  await expect(page.getByText('No book matches this search')).toBeVisible()
})

test("a person's row menu holds impersonate and ban; one's own row offers neither", async ({ page }) => {
  // Other tests add people at example.test: the two demo accounts are the ones at example.com.
  await open(page, '/manager/users?searchTerm=%40example.com&sort=name')
  const actionsFor = (name: string) =>
    page.getByRole('button', { name: `Actions for ${isolate(name)}`, exact: true })
  await actionsFor('User').click()
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Open',
    'Edit',
    'Impersonate',
    'Ban',
    'Delete',
  ])
  await page.keyboard.press('Escape')
  await actionsFor('Admin').click()
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Open', 'Edit'])
  await page.keyboard.press('Escape')

  // Ban from the menu opens the same dialog as the person's page.
  await actionsFor('User').click()
  await page.getByRole('menuitem', { name: 'Ban' }).click()
  const dialog = page.getByRole('dialog', { name: /^Ban / })
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
})

test("a person's row says their status and when they were last seen, and stays one line on a phone, however long their address", async ({
  browser,
}) => {
  const tag = crypto.randomUUID().slice(0, 8)
  const email = `an-address-long-enough-to-be-cut-on-a-phone-${tag}@example.test`
  const context = await browser.newContext({ storageState: storageStateOf('admin') })
  const page = await context.newPage()
  const created = await callServerFn(page.request, 'user--postUser', 'POST', {
    name: `Longmail ${tag}`,
    email,
    role: 'user',
  })
  expect(created.status()).toBe(200)

  // On a laptop: active, never seen (they have not signed in yet); the admin using the list was
  // seen moments ago.
  await page.setViewportSize({ width: 1280, height: 800 })
  await open(page, `/manager/users?searchTerm=${tag}`)
  const row = page.getByRole('main').getByRole('row').filter({ hasText: email })
  for (const header of ['Role', 'Status', 'Last seen', 'Joined'])
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible()
  await expect(row.getByRole('cell').nth(2)).toHaveText('Active')
  await expect(row.getByRole('cell').nth(3)).toHaveText('Never')
  await open(page, '/manager/users?searchTerm=admin%40example.com')
  await expect(
    page.getByRole('main').getByRole('row').filter({ hasText: 'admin@example.com' }).locator('time'),
  ).toHaveText(/now|minute/)

  // On a phone, in either direction: the address is cut inside the row, which keeps the table in
  // its card and the row's menu in view.
  await page.setViewportSize({ width: 390, height: 844 })
  for (const lng of ['en', 'ar']) {
    await open(page, `/manager/users?searchTerm=${tag}&lng=${lng}`)
    const table = page.getByRole('main').getByRole('table')
    const fits = await table.evaluate((element) => ({
      table: element.scrollWidth,
      card: element.parentElement!.clientWidth,
    }))
    expect(fits.table, lng).toBeLessThanOrEqual(fits.card)
    const menu = await page.getByRole('main').getByRole('row').nth(1).getByRole('button').boundingBox()
    expect(menu && menu.x >= 0 && menu.x + menu.width <= 390, lng).toBe(true)
    const address = page.getByRole('main').getByText(email, { exact: true })
    expect(await address.evaluate((element) => element.scrollWidth > element.clientWidth), lng).toBe(true)
  }
  await context.close()
})
