/**
 * axe-core on every page, in light and in dark (the same page switched in place, since only the
 * colours change), at desktop size and at phone size for the pages whose layout differs there.
 * Arabic, right to left, is checked once per shell and kind of page (list, detail, form): its pages
 * are the English ones mirrored, with texts that e2e/page-texts.spec.ts proves complete.
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

type Scheme = 'light' | 'dark'

/** axe finds nothing on the page as it is now. */
async function expectNone(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(
    violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .slice(0, 3),
    })),
    label,
  ).toEqual([])
}

/**
 * axe finds nothing on `path` in `lng`, in each colour scheme of `schemes` (light, then dark switched
 * in place), after `prepare` (e.g. putting the focus somewhere).
 */
async function expectNoViolations(
  page: Page,
  path: string,
  {
    lng = 'en',
    schemes = ['light', 'dark'],
    prepare,
  }: { lng?: string; schemes?: readonly Scheme[]; prepare?: () => Promise<void> } = {},
) {
  await page.emulateMedia({ colorScheme: schemes[0] })
  const separator = path.includes('?') ? '&' : '?'
  await page.goto(`${path}${separator}lng=${lng}`)
  // Wait for hydration, because buttons are disabled until then and axe should check them enabled.
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  await expect(page.locator('html')).toHaveAttribute('lang', lng)
  await prepare?.()
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`))
    await expectNone(page, `${path} (${scheme}, ${lng})`)
  }
}

const arabic = { lng: 'ar', schemes: ['light'] } as const

test.describe('accessibility, signed out', () => {
  for (const path of anonymousPages) test(path, async ({ page }) => expectNoViolations(page, path))
  test('/login in Arabic', async ({ page }) => expectNoViolations(page, '/login', arabic))
})

test.describe('accessibility, as a user', () => {
  test.use({ storageState: storageStateOf('user') })
  for (const path of userPages) test(path, async ({ page }) => expectNoViolations(page, path))
  test('/app/books in Arabic', async ({ page }) => expectNoViolations(page, '/app/books', arabic))
  for (const options of [{}, arabic])
    test(`a book's page${options === arabic ? ' in Arabic' : ''}`, async ({ page }) => {
      await page.goto('/app/books')
      const href = await firstItemLink(page).getAttribute('href')
      await expectNoViolations(page, href ?? '/app/books', options)
    })
  test('/app/books with a row in keyboard focus', async ({ page }) => {
    await expectNoViolations(page, '/app/books', {
      prepare: async () => {
        const row = firstItemLink(page)
        await row.focus()
        expect(await row.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
      },
    })
  })
})

test.describe('accessibility, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })
  for (const path of adminPages) test(path, async ({ page }) => expectNoViolations(page, path))
  for (const path of ['/manager/dashboard', '/manager/books', '/manager/books/new'])
    test(`${path} in Arabic`, async ({ page }) => expectNoViolations(page, path, arabic))
  for (const options of [{}, arabic])
    test(`a book's and a user's pages${options === arabic ? ' in Arabic' : ''}`, async ({ page }) => {
      // Four pages, each checked twice, plus two lists take more than 30 s on a slow machine.
      test.slow()
      await page.goto('/manager/books')
      const book = await firstItemLink(page).getAttribute('href')
      for (const path of [book, `${book}/update`]) await expectNoViolations(page, path ?? '', options)
      await page.goto('/manager/users?searchTerm=user%40example.com')
      const user = await page.getByRole('link', { name: /user@example\.com/ }).getAttribute('href')
      for (const path of [user, `${user}/update`]) await expectNoViolations(page, path ?? '', options)
    })
})

// Phone layouts differ (bottom navigation bar, drawer button), so check the main pages and each
// app tab again at phone size.
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

test.describe('accessibility at phone size', () => {
  test.use(phone)
  test('/login', async ({ page }) => expectNoViolations(page, '/login'))

  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })
    for (const path of ['/app', '/app/books', '/app/account'])
      test(path, async ({ page }) => expectNoViolations(page, path))
    test('/app/books in Arabic', async ({ page }) => expectNoViolations(page, '/app/books', arabic))
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })
    test('/manager/books', async ({ page }) => expectNoViolations(page, '/manager/books'))
  })
})

test.describe('accessibility of open modals, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })
  for (const lng of ['en', 'ar'])
    test(`the ban dialog with its calendar open (${lng})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(`/manager/users?searchTerm=user%40example.com&lng=${lng}`)
      // Followed in the page, in its language: before hydrating, the link would load a new page
      // without the language asked for.
      await waitForHydration(page)
      await page.getByRole('link', { name: /user@example\.com/ }).click()
      await chooseOnPage(page, lng === 'ar' ? 'حظر' : 'Ban')
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: lng === 'ar' ? /لا يوجد تاريخ/ : /No date/ }).click()
      await expect(dialog.getByRole('grid')).toBeVisible()
      await expectNone(page, `the ban dialog (light, ${lng})`)
      if (lng === 'ar') return
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expectNone(page, 'the ban dialog (dark, en)')
    })
})

test.describe('accessibility of onboarding, for a new visitor', () => {
  test('/onboarding, in English and in Arabic', async ({ page }) => {
    // A sign-in and three full checks take about 30 s on a slow machine.
    test.slow()
    await signInThroughUi(page, uniqueEmail('onboarding'))
    await expect(page).toHaveURL(/\/onboarding/)
    await expectNoViolations(page, '/onboarding')
    await expectNoViolations(page, '/onboarding', arabic)
  })
})
