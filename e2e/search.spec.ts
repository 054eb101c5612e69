import { expect, type Page, test } from '@playwright/test'

import { appConfig } from '@/app.config'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

test.use({ storageState: storageStateOf('admin') })

/** Every answer of a server function takes `ms` (1.5 s unless told), as on a slow network. */
async function slowDown(page: Page, fn: string, ms = 1500) {
  await page.route(new RegExp(`${appConfig.serverFnBase}/${fn}\\b`), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

for (const { path, label, fn, first, rest, result } of [
  {
    path: '/manager/books',
    label: 'Search books',
    fn: 'book--getBooks',
    first: 'aus',
    rest: 'ten',
    result: /^4 results for "austen"$/,
  },
  {
    path: '/manager/users',
    label: 'Search users',
    fn: 'user--getUsers',
    first: 'adm',
    rest: 'in@',
    result: /results? for "admin@"$/,
  },
])
  test(`${path}: on a slow network, typing keeps the list, the focus and every keystroke; the last term wins`, async ({
    page,
  }) => {
    await page.goto(path)
    await waitForHydration(page)
    const rows = page.getByRole('list').getByRole('link')
    const before = await rows.count()
    expect(before).toBeGreaterThan(1)
    await slowDown(page, fn)
    // Every frame from here on: how many rows the list shows (an answer for the first term may
    // come while the rest is typed, and is shown; what must never happen is an empty page).
    await page.evaluate(() => {
      const counts: number[] = []
      Object.assign(window, { rowCounts: counts })
      const record = () => {
        counts.push(document.querySelectorAll('main ul a').length)
        requestAnimationFrame(record)
      }
      record()
    })

    const box = page.getByLabel(label)
    await box.pressSequentially(first, { delay: 50 })
    // The first term's search is under way (typing paused): the list stays, the box says so.
    await expect(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeAttached()
    await expect(box).toHaveAttribute('aria-busy', 'true')
    await page.waitForTimeout(600)
    // More typing meanwhile: every key lands, the focus never leaves the box.
    await box.pressSequentially(rest, { delay: 50 })
    await expect(box).toHaveValue(first + rest)
    await expect(box).toBeFocused()

    // The last term typed is the one shown, and stays shown once every answer has come.
    await expect(page.getByText(result)).toBeVisible({ timeout: 10_000 })
    await expect(box).toHaveAttribute('aria-busy', 'false')
    await page.waitForTimeout(2000)
    await expect(page.getByText(result)).toBeVisible()
    await expect(box).toHaveValue(first + rest)
    await expect(box).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`searchTerm=${encodeURIComponent(first + rest)}$`))
    // The list never left the screen while searching.
    const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts)
    expect(counts[0]).toBe(before)
    expect(Math.min(...counts)).toBeGreaterThan(0)
  })

test('the search box has one clear control, its own; the browser draws none', async ({ page }) => {
  await page.goto('/manager/books?searchTerm=austen')
  await waitForHydration(page)
  const box = page.getByLabel('Search books')
  await expect(box).toHaveValue('austen')
  // Chromium does not report a pseudo-element's computed style: the rule hiding the browser's
  // clear button is looked for among the page's styles, and must apply to this box.
  const hidden = await box.evaluate((input) => {
    const applies = (rules: CSSRuleList): boolean =>
      [...rules].some((rule) => {
        if (rule instanceof CSSGroupingRule) return applies(rule.cssRules)
        if (!(rule instanceof CSSStyleRule)) return false
        const at = rule.selectorText.lastIndexOf('::')
        return (
          rule.selectorText.slice(at) === '::-webkit-search-cancel-button' &&
          input.matches(rule.selectorText.slice(0, at) || '*') &&
          rule.style.appearance === 'none'
        )
      })
    return [...document.styleSheets].some((sheet) => applies(sheet.cssRules))
  })
  expect(hidden).toBe(true)
  await expect(page.getByRole('button', { name: /clear/i })).toHaveCount(1)
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(box).toHaveValue('')
  await expect(box).toBeFocused()
  await expect(page).toHaveURL(/\/manager\/books$/)
  await expect(page.getByRole('button', { name: /clear/i })).toHaveCount(0)
})

test('keys typed while a search waits for the session to be checked again are kept', async ({ page }) => {
  await page.clock.install()
  await page.goto('/manager/users')
  await waitForHydration(page)
  // A minute on, the page checks the session again before it shows a new term's list; that
  // check takes 3 s here (well past the delay after which a page coming shows its skeleton), and
  // the next keys come while it runs.
  await page.clock.fastForward('01:05')
  await slowDown(page, 'auth--getCurrentSession', 3000)
  const box = page.getByLabel('Search users')
  await box.pressSequentially('a')
  await page.waitForTimeout(500)
  await box.pressSequentially('dm', { delay: 50 })
  await expect(box).toHaveValue('adm')
  await expect(page.getByText(/results? for "adm"$/)).toBeVisible({ timeout: 10_000 })
  await expect(box).toHaveValue('adm')
  await expect(box).toBeFocused()
})
