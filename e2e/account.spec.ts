import { expect, type Page, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'
import { codeOf } from '~/test/mailbox'

import {
  callsTo,
  chooseOnPage,
  clickTwiceAtOnce,
  latestMail,
  requestsTo,
  signUpThroughUi,
  uniqueEmail,
  waitForMail,
} from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

/** A dialog on a large screen, a bottom drawer at 640px or less. */
async function expectModalKind(page: Page, name: string, isPhone: boolean) {
  const modal = page.getByRole('dialog', { name })
  await expect(modal).toBeVisible()
  if (isPhone) await expect(modal).toHaveAttribute('data-vaul-drawer')
  else await expect(modal).not.toHaveAttribute('data-vaul-drawer')
  return modal
}

test.describe('the account page', () => {
  test(
    'shows preferences and the details, and renames in a drawer kept in the address',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const isPhone = testInfo.project.name === 'mobile'
      const { email } = await signUpThroughUi(page, { name: 'Grace Hopper' })
      await page.goto('/app/account')
      await expect(page).toHaveTitle('Account · Folio')
      const preferences = page.getByRole('region', { name: 'Display preferences' })
      await expect(preferences.getByLabel('Language')).toHaveValue('en')
      await expect(preferences.getByText('Theme')).toBeVisible()
      const details = page.getByRole('region', { name: 'Your details' })
      await expect(details.getByText('Grace Hopper')).toBeVisible()
      await expect(details.getByText(email)).toBeVisible()
      // Signing in with a code proved the address.
      await expect(details.getByText('Not verified')).toHaveCount(0)

      await details.getByRole('button', { name: 'Update your name' }).click()
      await expect(page).toHaveURL(/state=change-name/)
      const drawer = await expectModalKind(page, 'Update your name', isPhone)
      await drawer.getByLabel('Name').fill('')
      await drawer.getByRole('button', { name: 'Save' }).click()
      await expect(drawer.getByText('Name is required')).toBeVisible()
      // Closed and opened again, it starts clean.
      await drawer.getByRole('button', { name: 'Cancel' }).click()
      await expect(drawer).toBeHidden()
      await details.getByRole('button', { name: 'Update your name' }).click()
      await expect(drawer.getByLabel('Name')).toHaveValue('Grace Hopper')
      await expect(drawer.getByText('Name is required')).toHaveCount(0)
      await drawer.getByLabel('Name').fill('Grace Brewster Hopper')
      // Saved once, however fast Save is pressed again.
      const renames = callsTo(page, 'account--putName')
      await clickTwiceAtOnce(drawer.getByRole('button', { name: 'Save' }))
      await expect(page.getByText('Name updated')).toBeVisible()
      expect(renames).toHaveLength(1)
      await expect(drawer).toBeHidden()
      await expect(page).not.toHaveURL(/state=change-name/)
      await expect(details.getByText('Grace Brewster Hopper')).toBeVisible()

      // The address alone opens the drawer; a failed save says so and keeps it open.
      await page.goto('/app/account?state=change-name')
      const again = await expectModalKind(page, 'Update your name', isPhone)
      await page.route('**/api/fn/account--putName', (route) => route.abort())
      await again.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Failed to update your name')).toBeVisible()
      await expect(again).toBeVisible()
    },
  )

  test(
    'changes the e-mail once the code sent to the new address is entered',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const isPhone = testInfo.project.name === 'mobile'
      const { email } = await signUpThroughUi(page)
      await expect(page).toHaveURL(/\/app$/)
      await page.goto('/app/account')
      const details = page.getByRole('region', { name: 'Your details' })

      // An address another account holds, or the current one, is refused with its message.
      await details.getByRole('button', { name: 'Change your e-mail' }).click()
      const modal = await expectModalKind(page, 'Change your e-mail', isPhone)
      await modal.getByLabel('New e-mail').fill('admin@example.com')
      await modal.getByRole('button', { name: 'Send code' }).click()
      await expect(modal.getByText('User already exists. Use another email.')).toBeVisible()
      await modal.getByLabel('New e-mail').fill(email)
      await modal.getByRole('button', { name: 'Send code' }).click()
      await expect(modal.getByText('Email can not be updated')).toBeVisible()
      await modal.getByLabel('New e-mail').fill('not an address')
      await modal.getByRole('button', { name: 'Send code' }).click()
      await expect(modal.getByText('Email is invalid')).toBeVisible()

      const newEmail = uniqueEmail('moved')
      await modal.getByLabel('New e-mail').fill(newEmail)
      // One code is sent, however fast the button is pressed again.
      const asked = requestsTo(page, '/api/auth/email-otp/request-email-change')
      await clickTwiceAtOnce(modal.getByRole('button', { name: 'Send code' }))
      await expect(page).toHaveURL(new RegExp(`newEmail=${encodeURIComponent(newEmail)}`))
      expect(asked).toHaveLength(1)
      const mail = await waitForMail(newEmail)
      // A reload keeps the step: the address waiting for its code is in the URL.
      await page.reload()
      const step = await expectModalKind(page, 'Change your e-mail', isPhone)
      await expect(step.getByText(`We sent a code to ${isolate(newEmail)}`)).toBeVisible()

      const code = codeOf(mail)
      await step.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
      await expect(step.getByText('Wrong code. 2 tries left.')).toBeVisible()
      await step.getByLabel('Code').fill(code)
      await expect(page.getByText('E-mail updated')).toBeVisible()
      await expect(page).not.toHaveURL(/newEmail=/)
      await expect(details.getByText(newEmail)).toBeVisible()
      await expect(details.getByText(email)).toHaveCount(0)
      // The code went to the new address only: the old one has had nothing since its sign-in code.
      expect((await latestMail(email))?.index).toBeLessThan(mail.index)
    },
  )
})

test.describe('the account page, as an administrator impersonating an unverified user', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('marks an address never proven as Not verified, and the session as impersonated', async ({ page }) => {
    // Created by an administrator, the address has never received a code.
    const created = await callServerFn(page.request, 'user--postUser', 'POST', {
      name: 'Unproven Person',
      email: uniqueEmail('unverified'),
      role: 'user',
    })
    const { id } = await resultOf<{ id: string }>(created)
    await page.goto(`/manager/users/${id}`)
    page.on('dialog', (dialog) => void dialog.accept())
    await chooseOnPage(page, 'Impersonate')
    await expect(page).toHaveURL(/\/onboarding/)
    await page.getByLabel('What is your name?').fill('Unproven Person')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/app$/)
    await page.goto('/app/account')
    const details = page.getByRole('region', { name: 'Your details' })
    await expect(details.getByText('Not verified')).toBeVisible()
    const session = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem')
    await expect(session.getByText('This device')).toBeVisible()
    await expect(session.getByText('Impersonated')).toBeVisible()
    // Nor may the administrator change that person's address while being them.
    await details.getByRole('button', { name: 'Change your e-mail' }).click()
    const modal = page.getByRole('dialog', { name: 'Change your e-mail' })
    await modal.getByLabel('New e-mail').fill(uniqueEmail('hijack'))
    await modal.getByRole('button', { name: 'Send code' }).click()
    await expect(modal.getByText('Email can not be updated')).toBeVisible()
  })
})
