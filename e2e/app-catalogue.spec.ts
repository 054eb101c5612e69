/**
 * The app's catalogue as a reader uses it: a search, genre chips and a sort, all kept in the
 * address; titles on two lines; and the home showing what is new. It reads books it adds itself,
 * found by a word of their own, so the books other tests add do not get in the way.
 */
import { type Browser, expect, type Page, test } from '@playwright/test'

import { itemLinks, waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

test.use({ storageState: storageStateOf('user') })

const stamp = crypto.randomUUID().slice(0, 8)
const genreName = `Genre ${stamp}`

/** Adds books as an administrator (a reader may not), one after the other, and a genre of its own. */
async function addBooks(browser: Browser, books: Array<{ title: string; ownGenre: boolean }>) {
  const admin = await browser.newContext({ storageState: storageStateOf('admin') })
  const genres = await resultOf<Array<{ id: string; name: string }>>(
    await callServerFn(admin.request, 'genre--getGenres', 'GET', { searchTerm: '' }),
  )
  const own =
    genres.find((genre) => genre.name === genreName) ??
    (await resultOf<{ id: string }>(
      await callServerFn(admin.request, 'genre--postGenre', 'POST', { name: genreName }),
    ))
  const other = genres.find((genre) => genre.name !== genreName)
  for (const { title, ownGenre } of books) {
    const response = await callServerFn(admin.request, 'book--postBook', 'POST', {
      title,
      author: `Reader ${stamp}`,
      genreId: ownGenre ? own.id : other?.id,
    })
    expect(response.status(), title).toBe(200)
  }
  await admin.close()
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}

/** The covers' links, once the books of the view asked for have come. */
const books = (page: Page) =>
  expect(page.getByRole('main').locator('[aria-busy="true"]'))
    .toHaveCount(0)
    .then(() => itemLinks(page))

test('search, a genre chip and the sort change the address and the books shown', async ({
  page,
  browser,
}) => {
  // Added in an order that is not the titles' order; Bravo in another genre.
  await addBooks(browser, [
    { title: `Charlie ${stamp}`, ownGenre: true },
    { title: `Alpha ${stamp}`, ownGenre: true },
    { title: `Bravo ${stamp}`, ownGenre: false },
  ])
  await open(page, '/app/books')
  await page.getByRole('searchbox', { name: 'Search books' }).fill(stamp)
  await expect(page).toHaveURL(new RegExp(`/app/books\\?searchTerm=${stamp}$`))
  await expect(await books(page)).toHaveText([/^Alpha/, /^Bravo/, /^Charlie/])

  const sort = page.getByRole('combobox', { name: 'Sort' })
  await expect(sort).toHaveValue('')
  await sort.selectOption({ label: 'Newest first' })
  await expect(page).toHaveURL(/[?&]sort=createdAt&desc=true/)
  await expect(await books(page)).toHaveText([/^Bravo/, /^Alpha/, /^Charlie/])

  const chips = page.getByRole('group', { name: 'Genre' })
  await expect(chips.getByRole('button').first()).toHaveText('All')
  await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  const chip = chips.getByRole('button', { name: genreName })
  await chip.click()
  await expect(page).toHaveURL(/[?&]genre=[^&]+/)
  await expect(chip).toHaveAttribute('aria-pressed', 'true')
  await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')
  await expect(await books(page)).toHaveText([/^Alpha/, /^Charlie/])

  // The address alone brings the same view back.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue(stamp)
  await expect(sort).toHaveValue('newest')
  await expect(chip).toHaveAttribute('aria-pressed', 'true')
  await expect(await books(page)).toHaveText([/^Alpha/, /^Charlie/])

  // One genre at a time: All lets every genre in again.
  await chips.getByRole('button', { name: 'All' }).click()
  await expect(page).not.toHaveURL(/genre=/)
  await expect(await books(page)).toHaveText([/^Bravo/, /^Alpha/, /^Charlie/])
  await sort.selectOption({ label: 'Title A–Z' })
  await expect(page).toHaveURL(new RegExp(`/app/books\\?searchTerm=${stamp}$`))
  await expect(await books(page)).toHaveText([/^Alpha/, /^Bravo/, /^Charlie/])

  // A search that finds nothing says so, with no count line under it.
  await page.getByRole('searchbox', { name: 'Search books' }).fill(`nothing-${stamp}`)
  await expect(page.getByText('No book matches this search')).toBeVisible()
  await expect(page.getByText(/^Showing/)).toHaveCount(0)
})

test('a title in the catalogue wraps onto a second line rather than being cut short', async ({
  page,
  browser,
}) => {
  const title = `The long and winding road of ${stamp} through the catalogue`
  await addBooks(browser, [{ title, ownGenre: true }])
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, `/app/books?searchTerm=${encodeURIComponent(title)}`)
  // The caption under the cover, which carries the title too.
  const caption = (await books(page)).first().getByText(title, { exact: true }).last()
  const { lines, clamp } = await caption.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      lines: Math.round(element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight)),
      clamp: style.webkitLineClamp,
    }
  })
  expect(lines).toBe(2)
  expect(clamp).toBe('2')
})

test('the home shows the newest book, which opens its page', async ({ page, browser }) => {
  const title = `Newest ${stamp}`
  await addBooks(browser, [{ title, ownGenre: false }])
  await open(page, '/app')
  const newest = page.getByRole('region', { name: 'New in the catalogue' })
  // Other tests may add books meanwhile, so it is among the few shown rather than first.
  await newest.getByRole('link', { name: new RegExp(`^${title}`) }).click()
  await expect(page).toHaveURL(/\/app\/books\/[^/?]+$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})
