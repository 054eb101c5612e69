/**
 * The back office's density: 14 px text, 32–36 px controls, list rows of 52–56 px with the title
 * over the author, one page bar that stays in view, skeletons as long as their list, and buttons
 * that look ready before the page runs.
 */
import { expect, type Locator, type Page, test } from '@playwright/test'

import { itemLinks, pageMenuButton, waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

const laptop = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not drawn')
  return box
}

/** The manager list's row links. */
const rowsOf = itemLinks

/** Scrolls to the end of the page, once its content is taller than the window by more than `least` px. */
async function scrollToEnd(page: Page, least: number) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight)
        return window.scrollY
      }),
    )
    .toBeGreaterThan(least)
}

/** Whether the whole element is inside the window and not hidden under the top bar. */
const inView = async (page: Page, locator: Locator) => {
  const box = await boxOf(locator)
  const height = page.viewportSize()?.height ?? 0
  return box.y >= 56 && box.y + box.height <= height
}

test.describe('at laptop size', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: laptop })

  test('the manager sets text at 14 px and controls at 32 to 36 px', async ({ page }) => {
    await page.goto('/manager/books')
    await waitForHydration(page)
    const fontSize = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontSize)
    expect(await fontSize(page.getByRole('main'))).toBe('14px')
    expect(await fontSize(rowsOf(page).first())).toBe('14px')
    for (const control of [
      page.getByRole('searchbox', { name: 'Search books' }),
      page.getByRole('link', { name: 'New book' }),
    ]) {
      const { height } = await boxOf(control)
      expect(height).toBeGreaterThanOrEqual(32)
      expect(height).toBeLessThanOrEqual(36)
    }
  })

  test('list rows are 44 to 56 px, the book then its author in a column of its own; ten or more are in view', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    await waitForHydration(page)
    // The table's rows, the header row first.
    const rows = page.getByRole('main').getByRole('row')
    const first = rows.nth(1)
    const { height } = await boxOf(first)
    expect(height).toBeGreaterThanOrEqual(44)
    expect(height).toBeLessThanOrEqual(56)
    let shown = 0
    for (const row of (await rows.all()).slice(1)) if (await inView(page, row)) shown += 1
    expect(shown).toBeGreaterThanOrEqual(10)
    const title = await boxOf(first.getByText('A Study in Scarlet'))
    const author = await boxOf(first.getByRole('cell', { name: 'Arthur Conan Doyle', exact: true }))
    expect(author.x).toBeGreaterThan(title.x + title.width)
    expect(Math.abs(author.y + author.height / 2 - (title.y + title.height / 2))).toBeLessThan(4)
  })

  test('Arabic sets larger text in controls and rows as tall as English: ten rows or more in view in either', async ({
    page,
  }) => {
    const measured: Record<string, { rows: number; button: number; text: number }> = {}
    for (const lng of ['en', 'ar']) {
      await page.goto(`/manager/books?lng=${lng}`)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      const rows = await page.getByRole('main').getByRole('row').all()
      let shown = 0
      for (const row of rows.slice(1)) if (await inView(page, row)) shown += 1
      // The page bar's link to a new book, whatever its name in the language.
      const button = page.locator('[data-page-bar] a[href="/manager/books/new"]')
      measured[lng] = {
        rows: shown,
        button: (await boxOf(button)).height,
        text: Number.parseFloat(await button.evaluate((element) => getComputedStyle(element).fontSize)),
      }
    }
    expect(measured.en?.rows).toBeGreaterThanOrEqual(10)
    expect(measured.ar?.rows).toBeGreaterThanOrEqual(10)
    expect(measured.ar?.button).toBe(measured.en?.button)
    // The Arabic text is larger all the same.
    expect(measured.ar?.text).toBeCloseTo((measured.en?.text ?? 0) * 1.2, 1)
  })

  test('the thumbnail is the cover in miniature, with no letter on it', async ({ page }) => {
    await page.goto('/manager/books')
    const thumbnail = rowsOf(page).first().locator('.cover-thumb')
    await expect(thumbnail).toHaveCount(1)
    expect((await thumbnail.textContent())?.trim()).toBe('')
    const { width, height } = await boxOf(thumbnail)
    expect(height / width).toBeCloseTo(1.5, 1)
  })

  test('the list page bar holds title, search and New, and stays in view while the list scrolls', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    await waitForHydration(page)
    const search = page.getByRole('searchbox', { name: 'Search books' })
    // The search box is named by its placeholder's words for sight, not a label line above it.
    await expect(page.getByText('Search books', { exact: true })).toHaveCount(0)
    await page.mouse.wheel(0, 500)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
    for (const part of [
      page.getByRole('heading', { level: 1, name: 'Books' }),
      search,
      page.getByRole('link', { name: 'New book' }),
    ])
      expect(await inView(page, part)).toBe(true)
  })

  test.describe('in a short window', () => {
    test.use({ viewport: { width: 1280, height: 420 } })

    test('a form keeps its Save in view while its fields scroll', async ({ page }) => {
      await page.goto('/manager/books/new')
      await waitForHydration(page)
      await page.getByLabel('Publisher').scrollIntoViewIfNeeded()
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
      expect(await inView(page, page.getByRole('button', { name: 'Create book' }))).toBe(true)
    })

    test("a book's page keeps Edit and its menu in view while it scrolls", async ({ page }) => {
      await page.goto('/manager/books')
      await rowsOf(page).first().click()
      await expect(page).toHaveURL(/\/manager\/books\/[^/]+$/)
      await waitForHydration(page)
      const main = page.getByRole('main')
      await expect(main.getByRole('link', { name: 'Edit' })).toBeVisible()
      // Farther than the bar's own height, which would take its buttons out of view with it.
      await scrollToEnd(page, 50)
      expect(await inView(page, main.getByRole('link', { name: 'Edit' }))).toBe(true)
      expect(await inView(page, pageMenuButton(page))).toBe(true)
    })

    test("a person's page keeps Edit and its menu in view while it scrolls", async ({ page }) => {
      // Shorter still, because a person's page with one session fits in 420 px.
      await page.setViewportSize({ width: 1280, height: 300 })
      await page.goto('/manager/users?searchTerm=user%40example.com')
      await rowsOf(page)
        .filter({ has: page.getByText('user@example.com', { exact: true }) })
        .click()
      await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
      await waitForHydration(page)
      await expect(pageMenuButton(page)).toBeVisible()
      await scrollToEnd(page, 100)
      expect(await inView(page, page.getByRole('main').getByRole('link', { name: 'Edit' }))).toBe(true)
      expect(await inView(page, pageMenuButton(page))).toBe(true)
    })
  })

  test('the frame of a list stands inside the layout with as many rows as the list showed last: a page of books', async ({
    page,
  }) => {
    await page.goto('/manager/books')
    await waitForHydration(page)
    const rows = await rowsOf(page).count()
    // The list notes its length once its part of the page runs, which may be just after the rest.
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('list-length:/manager/books') ?? '{}').rows),
      )
      .toBe(rows)
    // A new page load, so the list is no longer in memory and must be fetched again.
    await page.goto('/manager/dashboard')
    await waitForHydration(page)
    await page.route('**/api/fn/book--getBooks*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await route.continue()
    })
    await page.getByRole('complementary').getByRole('link', { name: 'Books' }).click()
    const frame = page.getByRole('main').locator('[data-frame]')
    await expect(frame.getByRole('status')).toHaveText('Loading…')
    await expect(frame.locator('[data-skeleton-row]')).toHaveCount(rows)
    // The skeleton stands inside the layout: the navigation stays.
    await expect(page.getByRole('complementary').getByRole('navigation')).toBeVisible()
    await expect(rowsOf(page)).toHaveCount(rows)
  })
})

test('on a phone, a row keeps the title and the author together, in either direction', async ({
  browser,
}) => {
  for (const lng of ['en', 'ar']) {
    const context = await browser.newContext({ storageState: storageStateOf('admin'), viewport: phone })
    const page = await context.newPage()
    await page.goto(`/manager/books?lng=${lng}`)
    await waitForHydration(page)
    // A language chosen through the address reloads the page's data once it is stored.
    await page.waitForLoadState('networkidle')
    // Other tests add books that may sort first.
    const row = rowsOf(page).filter({ hasText: 'A Study in Scarlet' })
    const title = await boxOf(row.getByText('A Study in Scarlet'))
    const author = await boxOf(row.getByText('Arthur Conan Doyle'))
    expect(author.y - (title.y + title.height), lng).toBeLessThanOrEqual(2)
    expect(author.y, lng).toBeGreaterThanOrEqual(title.y + title.height - 1)
    // Aligned on the side the text starts from.
    if (lng === 'ar') expect(author.x + author.width, lng).toBeCloseTo(title.x + title.width, 0)
    else expect(author.x, lng).toBeCloseTo(title.x, 0)
    await context.close()
  }
})

test("on a phone, a person's page keeps Edit and its menu on one line", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateOf('admin'), viewport: phone })
  const page = await context.newPage()
  await page.goto('/manager/users?searchTerm=user%40example.com')
  await rowsOf(page)
    .filter({ has: page.getByText('user@example.com', { exact: true }) })
    .click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
  const main = page.getByRole('main')
  const boxes = await Promise.all([main.getByRole('link', { name: 'Edit' }), pageMenuButton(page)].map(boxOf))
  expect(Math.round(boxes[0]!.y + boxes[0]!.height / 2)).toBe(Math.round(boxes[1]!.y + boxes[1]!.height / 2))
  await context.close()
})

test('skeletons are visible on the background in both themes', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme })
    const page = await context.newPage()
    await page.goto('/login')
    const [skeleton, background] = await page.evaluate(() => {
      const probe = document.createElement('div')
      probe.className = 'bg-skeleton'
      document.body.append(probe)
      return [getComputedStyle(probe).backgroundColor, getComputedStyle(document.body).backgroundColor]
    })
    expect(contrast(skeleton, background), colorScheme).toBeGreaterThanOrEqual(1.2)
    await context.close()
  }
})

test.describe('before the page runs', () => {
  test.use({ javaScriptEnabled: false })

  test("a button looks ready in the server's HTML: not dimmed", async ({ page }) => {
    await page.goto('/login')
    const button = page.getByRole('button', { name: 'Continue with email' })
    await expect(button).toBeDisabled()
    expect(await button.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
  })
})

/** The contrast ratio of two `rgb(…)` colours. */
function contrast(first: string, second: string) {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => {
      const channel = value / 255
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
