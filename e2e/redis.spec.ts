/**
 * A server that caches sessions in Redis: a change to a user's own record must show at once, not
 * when the cached session expires.
 */
import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'
import { codeOf } from '~/test/mailbox'
import { redisReachable, testRedisUrl } from '~/test/redis'

import { startAppServer } from './support/app-server'
import { uniqueEmail } from './support/fixtures'

let app: Awaited<ReturnType<typeof startAppServer>> | undefined

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  if (await redisReachable()) app = await startAppServer({ REDIS_URL: testRedisUrl })
})
test.afterAll(() => app?.stop())

test('onboarding and a new name show at once, though Redis keeps a copy of the session', async ({ page }) => {
  test.skip(!app, `needs Redis at ${testRedisUrl}`)
  const server = app as NonNullable<typeof app>
  const email = uniqueEmail('redis')
  const since = server.mailbox.messages.length
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await page.getByLabel('Code').fill(codeOf(await server.mailbox.waitFor(email, { since })))
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('What is your name?').fill('Kept In Redis')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(`${server.url}/app`)
  await expect(page.getByRole('heading', { name: `Welcome, ${isolate('Kept In Redis')}` })).toBeVisible()

  await page.goto(`${server.url}/app/account?state=change-name`)
  await page.getByRole('dialog', { name: 'Update your name' }).getByLabel('Name').fill('Renamed In Redis')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Name updated')).toBeVisible()
  // Reload to read the record from the server again.
  await page.goto(`${server.url}/app/account`)
  const details = page.getByRole('region', { name: 'Your details' })
  await expect(details.getByText('Renamed In Redis')).toBeVisible()
})
