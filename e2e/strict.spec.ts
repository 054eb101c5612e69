/** A server with the production limits on, sign-up off and codes that expire in about a second. */
import { expect, test } from '@playwright/test'

import { codeOf } from '~/test/mailbox'

import { startAppServer } from './support/app-server'
import { uniqueEmail } from './support/fixtures'

let app: Awaited<ReturnType<typeof startAppServer>>

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  app = await startAppServer({
    AUTH_SIGNUP_ENABLED: 'false',
    RATE_LIMIT_ENABLED: 'true',
    AUTH_CODE_EXPIRY_MINUTES: '0.02',
  })
})
test.afterAll(() => app?.stop())

test('with sign-up off, the page says so and an unknown address learns nothing', async ({ page }) => {
  const since = app.mailbox.messages.length
  const unknown = uniqueEmail('unknown')
  await page.goto(`${app.url}/login`)
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  await expect(page).toHaveTitle('Login to your account · Folio')
  await page.getByLabel('Email').fill(unknown)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  // The same next step as for an existing account...
  await expect(page).toHaveURL(/\/login\/verify\?email=unknown-/)
  await page.getByLabel('Code').fill('123456')
  await expect(page.getByText('Wrong code. 2 tries left.')).toBeVisible()
  // ...but no code is sent (with sign-up on, it would arrive within milliseconds).
  await expect(app.mailbox.waitFor(unknown, { since, timeoutMs: 1000 })).rejects.toThrow()
})

test('a new code can be asked for only after the cooldown, which the page counts down', async ({ page }) => {
  await page.goto(`${app.url}/login`)
  await page.getByLabel('Email').fill('user@example.com')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  // A slow machine may draw the code page a few seconds after the code was sent.
  await expect(page.getByRole('button', { name: /^Send a new code in (5\d|60) seconds$/ })).toBeDisabled()
  // ...and counts down.
  await expect(page.getByRole('button', { name: /^Send a new code in 5[0-7] seconds$/ })).toBeDisabled({
    timeout: 10_000,
  })
})

test('an expired code is refused with its own message', async ({ page }) => {
  const since = app.mailbox.messages.length
  await page.goto(`${app.url}/login`)
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  const code = codeOf(await app.mailbox.waitFor('admin@example.com', { since }))
  // The configured lifetime here is 1.2 s.
  await page.waitForTimeout(1500)
  await page.getByLabel('Code').fill(code)
  await expect(page.getByText('The code has expired')).toBeVisible()
})
