/**
 * Screenshots of every page at phone and laptop size, in light, dark and Arabic, saved under
 * test-results/ for people to review. It only asserts that no page is wider than the window.
 */
import { expect, type Page, test, type TestInfo } from '@playwright/test'

import { firstItemLink, signInThroughUi, uniqueEmail, waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const

const variants = [
  { name: 'light', colorScheme: 'light', lng: 'en' },
  { name: 'dark', colorScheme: 'dark', lng: 'en' },
  { name: 'ar', colorScheme: 'light', lng: 'ar' },
] as const

type Variant = (typeof variants)[number]

/** The first row's link of the list at `path`, to reach a detail page. */
async function firstRowOf(page: Page, path: string, variant: Variant) {
  await page.goto(`${path}?lng=${variant.lng}`)
  return (await firstItemLink(page).getAttribute('href')) ?? path
}

async function shoot(page: Page, testInfo: TestInfo, path: string, variant: Variant, name: string) {
  const separator = path.includes('?') ? '&' : '?'
  await page.goto(`${path}${separator}lng=${variant.lng}`)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  const file = `${testInfo.project.name}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`
  await page.screenshot({ path: testInfo.outputPath(file), fullPage: true })
  // Nothing may widen the page past the window.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${path} is wider than the window`,
  ).toBeLessThanOrEqual(0)
}

for (const viewport of viewports) {
  for (const variant of variants) {
    test.describe(`screens at ${viewport.name} size, ${variant.name}`, () => {
      test.use({
        viewport: { width: viewport.width, height: viewport.height },
        colorScheme: variant.colorScheme,
      })
      const at = (path: string) => `${viewport.name}-${variant.name}-${path}`

      test('signed out', async ({ page }, testInfo) => {
        for (const path of [
          '/login',
          '/login/verify?email=someone%40example.com',
          '/login/error?error=access_denied',
          '/no-such-page',
        ])
          await shoot(page, testInfo, path, variant, at(path))
        const email = uniqueEmail('screens')
        // Sign in on the English page, because the helper finds fields by their English names.
        await signInThroughUi(page, email, { from: '/login?lng=en' })
        await expect(page).toHaveURL(/\/onboarding/)
        await shoot(page, testInfo, '/onboarding', variant, at('/onboarding'))
      })

      test.describe('as a user', () => {
        test.use({ storageState: storageStateOf('user') })
        test('the app', async ({ page }, testInfo) => {
          for (const path of ['/app', '/app/books', '/app/account', '/apps?from=app', '/logout'])
            await shoot(page, testInfo, path, variant, at(path))
          await shoot(page, testInfo, await firstRowOf(page, '/app/books', variant), variant, at('/app/book'))
        })
      })

      test.describe('as an admin', () => {
        test.use({ storageState: storageStateOf('admin') })
        test('the manager', async ({ page }, testInfo) => {
          for (const path of [
            '/manager/dashboard',
            '/manager/books',
            '/manager/books?searchTerm=zzzz-nothing',
            '/manager/books?sort=createdAt&desc=true',
            '/manager/books/new',
            '/manager/users',
            '/manager/users/new',
            '/manager/account',
            '/manager/api-docs',
          ])
            await shoot(page, testInfo, path, variant, at(path))
          const book = await firstRowOf(page, '/manager/books', variant)
          await shoot(page, testInfo, book, variant, at('/manager/book'))
          await shoot(page, testInfo, `${book}/update`, variant, at('/manager/book-update'))
          const user = await firstRowOf(page, '/manager/users', variant)
          await shoot(page, testInfo, user, variant, at('/manager/user'))
        })
      })
    })
  }
}
