import { expect, type Page, test } from '@playwright/test'

import { waitForHydration } from './support/fixtures'
import { storageStateOf } from './support/roles'

/** An address of exactly `length` characters. */
const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`

/** The mark drawn after a field's label ('*' for a required one), which a screen reader skips. */
const markOf = (page: Page, name: string) =>
  page.locator('label', { hasText: name }).evaluate((label) => getComputedStyle(label, '::after').content)

test.describe('forms follow the person, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('a message updates as the field is corrected, without submitting again', async ({ page }) => {
    await page.goto('/manager/books/new')
    await waitForHydration(page)
    // Required fields are marked; the publisher is not required.
    for (const name of ['Title', 'Author', 'Genre']) {
      expect(await markOf(page, name)).toBe('"*" / ""')
      await expect(page.getByLabel(name, { exact: true }).first()).toHaveAttribute('required')
    }
    expect(await markOf(page, 'Publisher')).toBe('none')

    await page.getByRole('button', { name: 'Create book' }).click()
    await expect(page.getByText('Title is required')).toBeVisible()
    await expect(page.getByText('Author is required')).toBeVisible()
    await expect(page.getByText('Genre is required')).toBeVisible()

    // Fixing a field clears its message as the person types; other messages stay.
    await page.getByLabel('Title').fill('Dune')
    await expect(page.getByText('Title is required')).toBeHidden()
    await expect(page.getByText('Author is required')).toBeVisible()
    await expect(page.getByLabel('Title')).not.toHaveAttribute('aria-invalid')

    // A length message states the limit, and goes once the text is short enough.
    await page.getByLabel('Title').fill('T'.repeat(301))
    await expect(page.getByText('At most 300 characters')).toBeVisible()
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Title').press('Backspace')
    await expect(page.getByText('At most 300 characters')).toBeHidden()
  })

  test('before any submit, a field left empty or too long says so as it is left, and only that one', async ({
    page,
  }) => {
    await page.goto('/manager/books/new')
    await waitForHydration(page)
    await page.getByLabel('Author').focus()
    await page.getByLabel('Author').press('Tab')
    await expect(page.getByText('Author is required')).toBeVisible()
    // Fields not yet visited say nothing.
    await expect(page.getByText('Title is required')).toBeHidden()
    await page.getByLabel('Publisher').fill('P'.repeat(201))
    await expect(page.getByText('At most 200 characters')).toBeHidden()
    await page.getByLabel('Publisher').blur()
    await expect(page.getByText('At most 200 characters')).toBeVisible()
  })

  test('a user form refuses an address over 254 characters and a name over 100, saying the limit', async ({
    page,
  }) => {
    let saves = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('user--postUser')) saves++
    })
    await page.goto('/manager/users/new')
    await waitForHydration(page)
    await page.getByLabel('Name').fill('N'.repeat(101))
    await page.getByLabel('Email').fill(address(255))
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page.getByText('At most 100 characters')).toBeVisible()
    await expect(page.getByText('At most 254 characters')).toBeVisible()
    // 254 characters is still an address.
    await page.getByLabel('Email').fill(address(254))
    await expect(page.getByText('At most 254 characters')).toBeHidden()
    expect(saves).toBe(0)
  })
})

test.describe('as a user', () => {
  test.use({ storageState: storageStateOf('user') })

  test('the e-mail change refuses an address over 254 characters before sending a code', async ({ page }) => {
    let asked = 0
    page.on('request', (request) => {
      if (request.url().includes('/request-email-change')) asked++
    })
    await page.goto('/app/account')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Change your e-mail' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change your e-mail' })
    await dialog.getByLabel('New e-mail').fill(address(255))
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await expect(dialog.getByText('At most 254 characters')).toBeVisible()
    expect(asked).toBe(0)
  })
})

test.describe('signed out', () => {
  test('sign-in refuses an address over 254 characters before asking for a code', async ({ page }) => {
    let asked = 0
    page.on('request', (request) => {
      if (request.url().includes('/send-verification-otp')) asked++
    })
    await page.goto('/login')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(address(255))
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page.getByText('At most 254 characters')).toBeVisible()
    await page.getByLabel('Email').fill('not an address')
    await expect(page.getByText('Email is invalid')).toBeVisible()
    expect(asked).toBe(0)
  })

  test('what is typed before the form has hydrated is kept and sent', async ({ page }) => {
    // Hold back the sign-in form's chunk, so the person types and presses Continue before it
    // hydrates; the code must still be sent to that address.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/login-form-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/login', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Email').fill('early@example.com')
    release()
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page).toHaveURL(/\/login\/verify\?email=early%40example\.com/)
  })
})
