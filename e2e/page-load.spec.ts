/**
 * What Lighthouse checks on the benchmarked pages, besides timings (those belong to `pnpm bench`,
 * scripts/bench/lighthouse.ts): a page opened at phone size logs no error in the console (a
 * missing icon would, as a 404).
 */
import { expect, type Page, test } from '@playwright/test'

import { storageStateOf } from './support/roles'

const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }

/** Console errors and failed requests while the page loads and hydrates. */
async function problemsOpening(page: Page, path: string) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return problems
}

test.describe('at phone size, no error in the console', () => {
  test.use(phone)

  test('/login, signed out', async ({ page }) => {
    expect(await problemsOpening(page, '/login')).toEqual([])
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    expect((await page.request.get(icon ?? '/favicon.ico')).status()).toBe(200)
  })

  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })
    test('/app/books', async ({ page }) => expect(await problemsOpening(page, '/app/books')).toEqual([]))
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })
    test('/manager/books', async ({ page }) =>
      expect(await problemsOpening(page, '/manager/books')).toEqual([]))
  })
})
