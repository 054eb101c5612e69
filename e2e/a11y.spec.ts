/**
 * axe-core on every page: light and dark in English, and Arabic (right to left) in light, at desktop
 * and phone size. Dark Arabic would add no check: its colours are dark's and its layout Arabic's.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

import {
  chooseOnPage,
  firstItemLink,
  signInThroughUi,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures'
import { adminPages, anonymousPages, userPages } from './support/pages'
import { storageStateOf } from './support/roles'

const variants = [
  { name: 'light, en', colorScheme: 'light', lng: 'en' },
  { name: 'dark, en', colorScheme: 'dark', lng: 'en' },
  { name: 'light, ar', colorScheme: 'light', lng: 'ar' },
] as const

/** axe finds nothing on `path` in `variant`, after `prepare` (e.g. putting the focus somewhere). */
async function expectNoViolations(
  page: Page,
  path: string,
  variant: (typeof variants)[number],
  prepare?: () => Promise<void>,
) {
  await page.emulateMedia({ colorScheme: variant.colorScheme })
  const separator = path.includes('?') ? '&' : '?'
  await page.goto(`${path}${separator}lng=${variant.lng}`)
  // Wait for hydration, because buttons are disabled until then and axe should check them enabled.
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  await expect(page.locator('html')).toHaveAttribute('lang', variant.lng)
  await prepare?.()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(
    violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .slice(0, 3),
    })),
    `${path} (${variant.name})`,
  ).toEqual([])
}

test.describe('accessibility, signed out', () => {
  for (const variant of variants)
    for (const path of anonymousPages)
      test(`${path} (${variant.name})`, async ({ page }) => expectNoViolations(page, path, variant))
})

test.describe('accessibility, as a user', () => {
  test.use({ storageState: storageStateOf('user') })
  for (const variant of variants) {
    for (const path of userPages)
      test(`${path} (${variant.name})`, async ({ page }) => expectNoViolations(page, path, variant))
    test(`a book's page (${variant.name})`, async ({ page }) => {
      await page.goto('/app/books')
      const href = await firstItemLink(page).getAttribute('href')
      await expectNoViolations(page, href ?? '/app/books', variant)
    })
    test(`/app/books with a row in keyboard focus (${variant.name})`, async ({ page }) => {
      await expectNoViolations(page, '/app/books', variant, async () => {
        const row = firstItemLink(page)
        await row.focus()
        expect(await row.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
      })
    })
  }
})

test.describe('accessibility, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })
  for (const variant of variants) {
    for (const path of adminPages)
      test(`${path} (${variant.name})`, async ({ page }) => expectNoViolations(page, path, variant))
    test(`a book's and a user's pages (${variant.name})`, async ({ page }) => {
      // Four full axe checks plus two list pages take more than 30 s on a slow machine.
      test.slow()
      await page.goto('/manager/books')
      const book = await firstItemLink(page).getAttribute('href')
      for (const path of [book, `${book}/update`]) await expectNoViolations(page, path ?? '', variant)
      await page.goto('/manager/users?searchTerm=user%40example.com')
      const user = await page.getByRole('link', { name: /user@example\.com/ }).getAttribute('href')
      for (const path of [user, `${user}/update`]) await expectNoViolations(page, path ?? '', variant)
    })
  }
})

// Phone layouts differ (bottom navigation bar, drawer button), so check the main pages and each
// app tab again at phone size.
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

test.describe('accessibility at phone size', () => {
  test.use(phone)
  for (const variant of [variants[0], variants[1]])
    test(`/login (${variant.name})`, async ({ page }) => expectNoViolations(page, '/login', variant))

  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })
    for (const variant of variants)
      for (const path of ['/app', '/app/books', '/app/account'])
        test(`${path} (${variant.name})`, async ({ page }) => expectNoViolations(page, path, variant))
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })
    for (const variant of [variants[0], variants[1]])
      test(`/manager/books (${variant.name})`, async ({ page }) =>
        expectNoViolations(page, '/manager/books', variant))
  })
})

test.describe('accessibility of open modals, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })
  for (const variant of [variants[1], variants[2]])
    test(`the ban dialog with its calendar open (${variant.name})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: variant.colorScheme })
      await page.goto(`/manager/users?searchTerm=user%40example.com&lng=${variant.lng}`)
      // Followed in the page, in its language: before hydrating, the link would load a new page
      // without the language asked for.
      await waitForHydration(page)
      await page.getByRole('link', { name: /user@example\.com/ }).click()
      await chooseOnPage(page, variant.lng === 'ar' ? 'حظر' : 'Ban')
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: variant.lng === 'ar' ? /لا يوجد تاريخ/ : /No date/ }).click()
      await expect(dialog.getByRole('grid')).toBeVisible()
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(violations.map((violation) => violation.id)).toEqual([])
    })
})

test.describe('accessibility of onboarding, for a new visitor', () => {
  test('/onboarding in every variant', async ({ page }) => {
    // A sign-in and three full checks take about 30 s on a slow machine.
    test.slow()
    await signInThroughUi(page, uniqueEmail('onboarding'))
    await expect(page).toHaveURL(/\/onboarding/)
    for (const variant of variants) await expectNoViolations(page, '/onboarding', variant)
  })
})
