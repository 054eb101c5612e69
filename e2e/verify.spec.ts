/**
 * The code page under production limits: three tries per code, three codes per minute per
 * address. Each test uses its own address so limits do not collide, and the resend wait is 20 s.
 */
import { type Browser, expect, test } from '@playwright/test'

import { codeOf } from '~/test/mailbox'

import { startAppServer } from './support/app-server'
import { uniqueEmail } from './support/fixtures'

let app: Awaited<ReturnType<typeof startAppServer>>

test.beforeAll(async () => {
  app = await startAppServer({
    RATE_LIMIT_ENABLED: 'true',
    TRUSTED_IP_HEADER: 'x-forwarded-for',
    CODE_RESEND_SECONDS: '20',
  })
})
test.afterAll(() => app?.stop())

let addresses = 0
/** A page whose requests come from an address no other test uses. */
async function pageFromOwnAddress(browser: Browser) {
  addresses++
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${addresses}` },
  })
  return context.newPage()
}

async function askForCode(page: Awaited<ReturnType<typeof pageFromOwnAddress>>, email: string) {
  const since = app.mailbox.messages.length
  await page.goto(`${app.url}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/verify/)
  return codeOf(await app.mailbox.waitFor(email, { since }))
}

test('a wrong code says so and how many tries remain; after the last, a new code is offered; a rate limit is counted down from Retry-After', async ({
  browser,
}) => {
  test.slow()
  const page = await pageFromOwnAddress(browser)
  const email = uniqueEmail()
  const first = await askForCode(page, email)
  const wrong = first === '000000' ? '111111' : '000000'
  const box = page.getByLabel('Code')

  await box.fill(wrong)
  await expect(page.getByText('Wrong code. 2 tries left.')).toBeVisible()
  // The wrong digits stay so they can be corrected.
  await expect(box).toHaveValue(wrong)
  await box.fill('')
  await box.fill(wrong)
  await expect(page.getByText('Wrong code. 1 try left.')).toBeVisible()
  // Counted across a reload of the page.
  await page.reload()
  await box.fill(wrong)
  await expect(page.getByText('That was the last try for this code. Ask for a new one.')).toBeVisible()
  // Digits that cannot be tried any more do not stay in the boxes.
  await expect(box).toHaveValue('')
  // The code can no longer be confirmed, so the main button asks for a new one once the wait is over.
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
  const ask = page.getByRole('button', { name: /^Send a new code/ })
  await expect(ask).toHaveCount(1)
  await expect(ask).toBeEnabled({ timeout: 25_000 })
  const since = app.mailbox.messages.length
  await ask.click()
  await expect(page.getByText('A new code is on its way.')).toBeVisible()
  const second = codeOf(await app.mailbox.waitFor(email, { since }))

  // After three tries in a minute from this address, the fourth is refused even with the right
  // code. The page shows a countdown and empties the boxes.
  const refused = page.waitForResponse((response) => response.url().includes('/sign-in/email-otp'))
  await box.fill(second)
  const answer = await refused
  expect(answer.status()).toBe(429)
  const retryAfter = Number(answer.headers()['retry-after'])
  expect(retryAfter).toBeGreaterThan(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  const waitMessage = page.getByText(/^Too many tries\. Try again in (\d+) seconds?\.$/)
  await expect(waitMessage).toBeVisible()
  const shown = Number(/(\d+)/.exec(await waitMessage.innerText())?.[1])
  expect(shown).toBeLessThanOrEqual(retryAfter)
  expect(shown).toBeGreaterThanOrEqual(retryAfter - 2)
  await expect(box).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled()
  await expect(page.getByText(`Try again in ${shown - 2} seconds.`, { exact: false })).toBeVisible({
    timeout: 5000,
  })
})

test("the 'new code in N seconds' countdown goes on from where it was after a reload", async ({
  browser,
}) => {
  const page = await pageFromOwnAddress(browser)
  await askForCode(page, uniqueEmail())
  await expect(page.getByRole('button', { name: /^Send a new code in (19|20) seconds$/ })).toBeDisabled()
  await page.waitForTimeout(4000)
  await page.reload()
  const button = page.getByRole('button', { name: /^Send a new code in (\d+) seconds?$/ })
  await expect(button).toBeDisabled()
  const left = Number(/(\d+)/.exec((await button.innerText()).trim())?.[1])
  expect(left).toBeLessThanOrEqual(16)
  expect(left).toBeGreaterThanOrEqual(10)
})
