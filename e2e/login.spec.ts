import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'
import { codeOf } from '~/test/mailbox'

import {
  callsTo,
  clickTwiceAtOnce,
  latestMail,
  requestsTo,
  signInThroughUi,
  signUpThroughUi,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from './support/fixtures'
import { harness } from './support/harness-config'

/** The harness's server under another host name. */
const harnessAt = (host: string) => harness.baseUrl.replace('localhost', host)

test.describe('/login', () => {
  test('offers sign-up, providers divider, and validates the e-mail', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible()
    // Marked so that the browser may offer a passkey among the field's suggestions.
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email webauthn')
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page.getByText('Email is invalid')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  test('says nothing of passkeys until one is asked for, even where the browser refuses its own suggestion', async ({
    page,
  }) => {
    // On an address that is not the site's passkey domain, the browser fails the suggestion it
    // prepares for the e-mail field as soon as the page runs.
    await page.goto(`${harnessAt('127.0.0.1')}/login`)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    await expect(page.getByLabel('Email')).toBeEditable()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  for (const unsafe of ['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example']) {
    test(`never follows redirect=${unsafe} after sign-in`, async ({ page }) => {
      await signInThroughUi(page, uniqueEmail(), { from: `/login?redirect=${encodeURIComponent(unsafe)}` })
      // Home instead (through onboarding, for this new visitor).
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/onboarding\?redirect=%2Fapp$/)
    })
  }

  test('follows a local redirect after sign-in', async ({ page }) => {
    await signInThroughUi(page, uniqueEmail(), { from: '/login?redirect=%2Flogout' })
    await expect(page).toHaveURL(/\/logout$/)
    await expect(page.getByRole('heading', { name: 'Sign out of your account' })).toBeVisible()
  })
})

test.describe('/login/verify', () => {
  test('without a valid e-mail, sends the visitor back to /login with a message', async ({ page }) => {
    await page.goto('/login/verify?email=nope')
    await expect(page).toHaveURL(/\/login\?notice=invalid_email$/)
    await expect(page.getByText('That link had no valid e-mail address.')).toBeVisible()
    await page.goto('/login/verify')
    await expect(page).toHaveURL(/\/login\?notice=invalid_email$/)
  })

  test('validates the code, shows the expiry, says when it is wrong, and allows another e-mail', async ({
    page,
  }) => {
    const email = uniqueEmail()
    await page.goto('/login')
    await page.getByLabel('Email').fill(email)
    // One code is sent, however fast the button is pressed again (a second would void the first).
    const sent = requestsTo(page, '/api/auth/email-otp/send-verification-otp')
    await clickTwiceAtOnce(page.getByRole('button', { name: 'Continue with email' }))
    await expect(page.getByText(`We sent a code to ${isolate(email)}`)).toBeVisible()
    await expect(page.getByText('The code expires in 5 minutes')).toBeVisible()
    expect(sent).toHaveLength(1)

    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Code is required')).toBeVisible()
    await page.getByLabel('Code').fill('12ab')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Code is invalid')).toBeVisible()
    await page.getByLabel('Code').fill('123')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Code should be 6 characters')).toBeVisible()

    const code = codeOf(await waitForMail(email))
    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
    await expect(page.getByText('Wrong code. 2 tries left.')).toBeVisible()
    // The focus stayed in the field while the code was checked: the next try is typed at once.
    await expect(page.getByLabel('Code')).toBeFocused()
    // Confirmed again with a double press, the code is checked once (each check uses up a try).
    const checked = requestsTo(page, '/api/auth/sign-in/email-otp')
    const answered = page.waitForResponse((response) => response.url().includes('/sign-in/email-otp'))
    await clickTwiceAtOnce(page.getByRole('button', { name: 'Confirm' }))
    await answered
    expect(checked).toHaveLength(1)

    await page.getByRole('link', { name: 'Use another email' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('three wrong codes exhaust the code; a new one works and voids the old', async ({ page }) => {
    const email = uniqueEmail()
    await page.goto('/login')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue with email' }).click()
    const first = await waitForMail(email)
    const wrong = codeOf(first) === '000000' ? '111111' : '000000'
    for (const left of ['2 tries', '1 try']) {
      await page.getByLabel('Code').fill(wrong)
      await expect(page.getByText(`Wrong code. ${left} left.`)).toBeVisible()
      await page.getByLabel('Code').fill('')
    }
    await page.getByLabel('Code').fill(wrong)
    await expect(page.getByText('That was the last try for this code. Ask for a new one.')).toBeVisible()
    // Digits that cannot be tried any more do not stay in the boxes.
    await expect(page.getByLabel('Code')).toHaveValue('')
    // better-auth refuses even the right code now, and the page says the same.
    const refused = page.waitForResponse((response) => response.url().includes('/sign-in/email-otp'))
    await page.getByLabel('Code').fill(codeOf(first))
    expect(await (await refused).json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' })
    await expect(page.getByText('That was the last try for this code. Ask for a new one.')).toBeVisible()
    await expect(page).toHaveURL(/\/login\/verify/)

    // A double click asks once, even two clicks that land before the page redraws.
    const asked = requestsTo(page, '/api/auth/email-otp/send-verification-otp')
    await clickTwiceAtOnce(page.getByRole('button', { name: 'Send a new code' }))
    await expect(page.getByText('A new code is on its way.')).toBeVisible()
    const second = await waitForMail(email, first)
    expect(asked).toHaveLength(1)
    await page.getByLabel('Code').fill(codeOf(second))
    await expect(page).toHaveURL(/\/onboarding/)
  })

  test('pasting the whole code signs in by itself', async ({ page }) => {
    const email = uniqueEmail()
    const before = await latestMail(email)
    await page.goto('/login')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue with email' }).click()
    const code = codeOf(await waitForMail(email, before))
    await page.getByLabel('Code').focus()
    await page.evaluate((text) => {
      const data = new DataTransfer()
      data.setData('text/plain', text)
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
      )
      // Chromium does not insert pasted text for synthetic events; a real paste inserts it.
      document.execCommand('insertText', false, text)
    }, ` ${code} `)
    await expect(page).toHaveURL(/\/onboarding/)
  })
})

test.describe('/login/error', () => {
  for (const [error, title, description] of [
    ['signup_disabled', 'Account not found', 'You need an account to sign in.'],
    ['access_denied', 'Unable to sign in', 'Please try again.'],
    ['unknown_error', 'Something went wrong', 'Please try again.'],
    ['anything-else', 'Something went wrong', 'Please try again.'],
  ] as const) {
    test(`shows the ${error} variant`, async ({ page }) => {
      await page.goto(`/login/error?error=${error}`)
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await expect(page).toHaveTitle(`${title} · Folio`)
      await expect(page.getByText(description)).toBeVisible()
      await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible()
    })
  }
})

test.describe('onboarding', () => {
  test('cannot be skipped by typing a URL, validates the name, then welcomes by name', async ({ page }) => {
    const email = uniqueEmail()
    await signInThroughUi(page, email)
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fapp$/)
    for (const path of ['/app/anything', '/manager/dashboard', '/app']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/onboarding/)
    }
    await expect(page.getByText('Let’s personalize your experience')).toBeVisible()
    await expect(page.getByText(`Logged in as ${isolate(email)}`)).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await page.getByLabel('What is your name?').fill('1234 !!')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Name is invalid')).toBeVisible()
    await page.getByLabel('What is your name?').fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { name: `Welcome, ${isolate('Ada Lovelace')}` })).toBeVisible()
    await page.goto('/onboarding')
    await expect(page).toHaveURL(/\/app$/)
  })

  test('welcomes by name on whichever page it leads to, the manager or a page asked for', async ({
    page,
  }) => {
    await page.goto('/app/books')
    await signInThroughUi(page, uniqueEmail(), { from: page.url() })
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fapp%2Fbooks$/)
    await page.getByLabel('What is your name?').fill('Mary Somerville')
    // Onboarded once, however fast Continue is pressed again.
    const onboardings = callsTo(page, 'auth--completeOnboarding')
    await clickTwiceAtOnce(page.getByRole('button', { name: 'Continue' }))
    await expect(page).toHaveURL(/\/app\/books$/)
    await expect(page.getByText(`Welcome, ${isolate('Mary Somerville')}`)).toBeVisible()
    expect(onboardings).toHaveLength(1)
  })

  test('says so when onboarding fails', async ({ page }) => {
    await signInThroughUi(page, uniqueEmail())
    await expect(page).toHaveURL(/\/onboarding/)
    // The network drops the request: the only failure a browser test can cause from outside.
    await page.route('**/api/fn/auth--completeOnboarding', (route) => route.abort('failed'))
    await page.getByLabel('What is your name?').fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Your onboarding failed due to an unexpected error')).toBeVisible()
    await expect(page).toHaveURL(/\/onboarding/)
  })
})

test('a banned user is signed out and refused at sign-in with the ban message', async ({ page, browser }) => {
  const { email } = await signUpThroughUi(page)
  await expect(page).toHaveURL(/\/app$/)
  const session = await page.request.get('/api/auth/get-session')
  const { user } = (await session.json()) as { user: { id: string } }

  const admin = await browser.newContext({ storageState: 'test-results/.auth/admin.json' })
  const banned = await admin.request.post('/api/auth/admin/ban-user', {
    data: { userId: user.id, banReason: 'e2e' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(banned.status()).toBe(200)
  await admin.close()

  await page.goto('/app')
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/login')
  const before = await latestMail(email)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await page.getByLabel('Code').fill(codeOf(await waitForMail(email, before)))
  await expect(page.getByText('You have been banned from this application')).toBeVisible()
})
