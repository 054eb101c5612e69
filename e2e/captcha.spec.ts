/**
 * Captcha on the code endpoints. Cloudflare is unreachable in tests, so a stand-in widget hands
 * over a token and a local stand-in verifier accepts only "pass".
 */
import { expect, type Page, test } from '@playwright/test'

import { codeOf } from '~/test/mailbox'
import { startSiteverifyStub } from '~/test/siteverify-stub'

import { startAppServer } from './support/app-server'
import { uniqueEmail } from './support/fixtures'

let app: Awaited<ReturnType<typeof startAppServer>>
let siteverify: Awaited<ReturnType<typeof startSiteverifyStub>>

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  siteverify = await startSiteverifyStub()
  app = await startAppServer({
    TURNSTILE_SITE_KEY: 'e2e-site-key',
    TURNSTILE_SECRET_KEY: 'e2e-secret',
    TURNSTILE_VERIFY_URL: siteverify.url,
  })
})
test.afterAll(async () => {
  await app?.stop()
  await siteverify?.close()
})

/** Serves a stand-in for Turnstile's script that renders a box and hands over `token`. */
async function stubWidget(page: Page, token: string) {
  await page.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.turnstile = {
        render(container, options) {
          const box = document.createElement('div'); box.textContent = 'Captcha (stand-in)';
          (typeof container === 'string' ? document.querySelector(container) : container).append(box);
          setTimeout(() => options.callback(${JSON.stringify(token)}), 0); return 'widget';
        },
        reset() {}, remove() {}, getResponse() { return ${JSON.stringify(token)} }, isExpired() { return false },
      };
      const onload = new URL(document.currentScript.src).searchParams.get('onload');
      if (onload && window[onload]) window[onload]();`,
    }),
  )
}

test('the widget guards asking for a code and signing in with it; passed checks let both through', async ({
  page,
}) => {
  await stubWidget(page, 'pass')
  await page.goto(`${app.url}/login`)
  await expect(page.getByText('Captcha (stand-in)')).toBeVisible()
  const email = uniqueEmail()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/verify/)
  await expect(page.getByText('Captcha (stand-in)').first()).toBeVisible()
  await page.getByLabel('Code').fill(codeOf(await app.mailbox.waitFor(email)))
  await expect(page).toHaveURL(/\/onboarding/)
})

test('a rejected check says the verification failed', async ({ page }) => {
  await stubWidget(page, 'fail')
  await page.goto(`${app.url}/login`)
  await expect(page.getByText('Captcha (stand-in)')).toBeVisible()
  await page.getByLabel('Email').fill(uniqueEmail())
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByText('Captcha verification failed')).toBeVisible()
})
