import { expect, type Page, test } from '@playwright/test'

import { appConfig } from '@/app.config'

import { waitForHydration, itemLinks } from './support/fixtures'
import { storageStateOf } from './support/roles'

test.use({ storageState: storageStateOf('admin') })

/** Delays every server-function answer by `ms` (default 1.5 s), like a slow network. */
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
    result: /^Showing 4 of 4$/,
  },
  {
    path: '/manager/users',
    label: 'Search users',
    fn: 'user--getUsers',
    first: 'adm',
    rest: 'in@',
    result: /^Showing 1 of 1$/,
  },
])
  test(`${path}: on a slow network, typing keeps the list, the focus and every keystroke; the last term wins`, async ({
    page,
  }) => {
    await page.goto(path)
    await waitForHydration(page)
    const rows = itemLinks(page)
    const before = await rows.count()
    expect(before).toBeGreaterThan(1)
    await slowDown(page, fn)
    // Record the row count on every frame from here on, because the list must never go empty.
    await page.evaluate(() => {
      const counts: number[] = []
      Object.assign(window, { rowCounts: counts })
      const record = () => {
        counts.push(document.querySelectorAll('main table a').length)
        requestAnimationFrame(record)
      }
      record()
    })

    const box = page.getByLabel(label)
    await box.pressSequentially(first, { delay: 50 })
    // While the first search runs, the list stays and the search box shows it is busy.
    await expect(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeAttached()
    await expect(box).toHaveAttribute('aria-busy', 'true')
    await page.waitForTimeout(600)
    // Typing meanwhile loses no key, and the focus stays in the box.
    await box.pressSequentially(rest, { delay: 50 })
    await expect(box).toHaveValue(first + rest)
    await expect(box).toBeFocused()

    // The last term typed is the one shown, and stays shown once every answer has come.
    await expect(page.getByText(result)).toBeVisible()
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
  // Chromium does not report a pseudo-element's computed style, so look for the rule that hides
  // the browser's clear button in the page's styles.
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

test('a term that reads like a number, true or a list is searched as typed, and the address is kept', async ({
  page,
}) => {
  for (const term of ['1984', '12e45678', 'true', '[1]']) {
    const address = `/manager/books?searchTerm=${encodeURIComponent(term)}`
    await page.goto(address)
    await waitForHydration(page)
    await expect(page.getByLabel('Search books')).toHaveValue(term)
    // Searched as text: its matches, or none, rather than an error.
    await expect(
      page.getByText(/^Showing \d+ of \d+$/).or(page.getByText('No book matches this search')),
    ).toBeVisible()
    expect(new URL(page.url()).search).toBe(`?searchTerm=${encodeURIComponent(term)}`)
  }
})

test('keys typed while a search waits for the session to be checked again are kept', async ({ page }) => {
  await page.clock.install()
  await page.goto('/manager/users')
  await waitForHydration(page)
  // After a minute the page checks the session again before showing a new list. Here that check
  // takes 3 s, longer than the skeleton delay, and the next keys arrive while it runs.
  await page.clock.fastForward('01:05')
  await slowDown(page, 'auth--getCurrentSession', 3000)
  const box = page.getByLabel('Search users')
  await box.pressSequentially('a')
  await page.waitForTimeout(500)
  await box.pressSequentially('dm', { delay: 50 })
  await expect(box).toHaveValue('adm')
  await expect(page).toHaveURL(/searchTerm=adm$/)
  await expect(box).toHaveAttribute('aria-busy', 'false')
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: 'admin@example.com' })).toBeVisible()
  await expect(box).toHaveValue('adm')
  await expect(box).toBeFocused()
})
