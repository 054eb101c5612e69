/** A server in demo mode: read-only for everyone, signing in and out aside. */
import { expect, type Page, test } from '@playwright/test'

import { serverFunctions } from '~/features/auth/function-registry'
import { type UploadTarget, uploadTargets, uploadUrl } from '~/features/uploads/targets'
import { isolate } from '~/lib/interpolation'
import { codeOf } from '~/test/mailbox'

import { startAppServer } from './support/app-server'
import { callServerFn } from './support/server-fn'
import { chooseOnPage } from './support/fixtures'

let app: Awaited<ReturnType<typeof startAppServer>>

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  app = await startAppServer({ DEMO_MODE: 'true' })
})
test.afterAll(() => app?.stop())

async function signInAsAdmin(page: Page) {
  const since = app.mailbox.messages.length
  await page.goto(`${app.url}/login`)
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await page.getByLabel('Code').fill(codeOf(await app.mailbox.waitFor('admin@example.com', { since })))
  // The seeded accounts are already onboarded, so sign-in goes straight to the manager.
  await expect(page).toHaveURL(`${app.url}/manager/dashboard`)
}

test('every server function that writes is refused by the server with DEMO_MODE', async ({ page }) => {
  await signInAsAdmin(page)
  const functions = Object.entries(serverFunctions)
    .filter(([, entry]) => entry.method === 'POST')
    .map(([id]) => id)
  expect(functions).toEqual(
    expect.arrayContaining(['book--postBook', 'user--deleteUser', 'account--putName']),
  )
  for (const fn of functions) {
    const response = await callServerFn(page.request, fn, 'POST', {}, app.url)
    expect({ fn, status: response.status() }).toEqual({ fn, status: 403 })
    expect(await response.text()).toContain('DEMO_MODE')
  }
  // Reading still works, and so do better-auth's reads; its writes do not.
  expect(
    (await callServerFn(page.request, 'book--getBooks', 'GET', { searchTerm: '' }, app.url)).status(),
  ).toBe(200)
  const update = await page.request.post(`${app.url}/api/auth/update-user`, {
    data: { name: 'Changed in the demo' },
    headers: { origin: app.url },
  })
  expect(update.status()).toBe(403)
  expect(((await update.json()) as { code: string }).code).toBe('DEMO_MODE')
  // Nor can a picture be sent or removed, for any target.
  for (const target of Object.keys(uploadTargets) as UploadTarget[])
    for (const method of ['PUT', 'DELETE'])
      expect(
        await (
          await page.request.fetch(`${app.url}${uploadUrl(target, 'demo')}`, {
            method,
            data: 'x',
            headers: { origin: app.url },
          })
        ).json(),
      ).toEqual({ code: 'DEMO_MODE' })
})

test(
  'a refused action opens the Demo mode dialog: a drawer on a phone',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await signInAsAdmin(page)
    await page.goto(`${app.url}/manager/account?state=change-name`)
    await page.getByRole('dialog', { name: 'Update your name' }).getByLabel('Name').fill('Someone Else')
    await page.getByRole('button', { name: 'Save' }).click()
    const demo = page.getByRole('dialog', { name: 'Demo mode' })
    await expect(demo).toBeVisible()
    if (testInfo.project.name === 'mobile') await expect(demo).toHaveAttribute('data-vaul-drawer')
    else await expect(demo).not.toHaveAttribute('data-vaul-drawer')
    await expect(demo.getByText('This is a read-only demo, this action is disabled.')).toBeVisible()
    await expect(demo.getByText('npx degit folio-starter/folio my-app')).toBeVisible()
    await expect(demo.getByRole('link', { name: 'Read the README' })).toHaveAttribute('href', /github\.com/)
    await expect(demo.getByRole('link', { name: /Write to us at/ })).toHaveAttribute('href', /^mailto:/)
    // No failure toast on top of the dialog.
    await expect(page.getByText('Failed to update your name')).toHaveCount(0)
    await demo.getByRole('button', { name: 'Close' }).click()
    await expect(demo).toBeHidden()
    await page.goto(`${app.url}/manager/account`)
    await expect(page.getByText('Someone Else')).toHaveCount(0)

    // Creating a genre from the book form and impersonating are refused by the dialog alone.
    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(`${app.url}/manager/books/new`)
    // Type after hydration, so the field's handler receives it.
    await expect(page.getByRole('button', { name: 'Create book' })).toBeEnabled()
    await page.getByRole('combobox', { name: 'Genre' }).fill('Demo Genre')
    await page.getByRole('option', { name: `Create “${isolate('Demo Genre')}”` }).click()
    await expect(demo).toBeVisible()
    await expect(page.getByText('This is a read-only demo, this action is disabled.')).toHaveCount(1)
    await demo.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByText('This is a read-only demo, this action is disabled.')).toHaveCount(0)
    await page.goto(`${app.url}/manager/users?searchTerm=user%40example.com`)
    await page.getByRole('link', { name: /user@example\.com/ }).click()
    await chooseOnPage(page, 'Impersonate')
    await expect(demo).toBeVisible()
    await demo.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByText('Failed to impersonate the user')).toHaveCount(0)

    // Signing out is not an action the demo refuses.
    await page.goto(`${app.url}/logout`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
  },
)
