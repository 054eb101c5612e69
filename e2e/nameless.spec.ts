import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'

import { signInOverHttp } from './support/auth-api'
import { chooseOnPage, itemLinks, uniqueEmail } from './support/fixtures'
import { storageStateOf } from './support/roles'

test.use({ storageState: storageStateOf('admin') })

test('a user without a name yet is shown by their e-mail wherever a name would be', async ({ page }) => {
  // Signed up by a code, never through onboarding: no name.
  const email = uniqueEmail('nameless')
  await signInOverHttp(email)

  await page.goto('/manager/dashboard')
  await expect(page.getByRole('region', { name: 'Recent sign-ins' }).getByText(email)).toBeVisible()

  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
  const row = itemLinks(page)
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(email)
  await row.click()

  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible()
  await expect(page).toHaveTitle(`${email} · Folio`)
  await chooseOnPage(page, 'Ban')
  await expect(page.getByRole('dialog', { name: `Ban ${isolate(email)}` })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${isolate(email)}` })).toBeVisible()
  await expect(page).toHaveTitle(`${email} · Folio`)
})
