import { expect, test } from '@playwright/test'

import { isolate } from '~/lib/interpolation'

import {
  clickTwiceAtOnce,
  requestsTo,
  signInThroughUi,
  signUpThroughUi,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures'
import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'
import { callServerFn } from './support/server-fn'

test.describe('sign-in core', () => {
  test(
    'a new visitor signs up with a code, is onboarded and lands on /app',
    { tag: '@phone' },
    async ({ page }) => {
      await signUpThroughUi(page, { name: 'Grace Hopper' })
      await expect(page).toHaveURL(/\/app$/)
      await expect(page.getByRole('heading', { name: `Welcome, ${isolate('Grace Hopper')}` })).toBeVisible()
    },
  )

  test('a signed-out visit to /app goes to login and comes back after sign-in', async ({ page }) => {
    const response = await page.goto('/app')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/)
    expect(response?.status()).toBe(200)
    // A fresh address, so concurrent tests do not void each other's codes; onboarding keeps the target.
    await signInThroughUi(page, uniqueEmail(), { from: page.url() })
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fapp$/)
    await page.getByLabel('What is your name?').fill('Returning Visitor')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/app$/)
  })

  test('a signed-out request for a protected page gets a redirect, not the page', async ({ request }) => {
    const response = await request.get('/manager/dashboard', { maxRedirects: 0 })
    expect(response.status()).toBe(307)
    expect(response.headers().location).toBe('/login?redirect=%2Fmanager%2Fdashboard')
  })

  test.describe('as the user', () => {
    test.use({ storageState: storageStateOf('user') })

    test('the user on /manager sees the 403 page with status 403, and nothing is logged', async ({
      page,
    }) => {
      const logged: string[] = []
      page.on('console', (message) => {
        // The page must answer with this status, as Chromium records it.
        const statusLine =
          message.text().startsWith('Failed to load resource') &&
          message.location().url.endsWith('/manager/dashboard')
        if (message.type() === 'error' && !statusLine) logged.push(message.text())
      })
      const response = await page.goto('/manager/dashboard')
      expect(response?.status()).toBe(403)
      await expect(page.getByRole('heading', { name: 'You don’t have access to this page' })).toBeVisible()
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      expect(logged).toEqual([])
      // The manager's guard refused, so its layout and main landmark are not shown.
      await expect(page.getByRole('main')).toContainText('You don’t have access to this page')
    })

    test('a signed-in user who opens /login goes home', async ({ page }) => {
      await page.goto('/login')
      await expect(page).toHaveURL(/\/app$/)
    })

    test('onboarding is asked once: asking the server again changes nothing', async ({ page }) => {
      const read = async () =>
        (
          (await (await page.request.get('/api/auth/get-session')).json()) as {
            user: Record<string, unknown>
          }
        ).user
      const before = await read()
      const again = await callServerFn(page.request, 'auth--completeOnboarding', 'POST', {
        name: 'Someone Else',
      })
      expect(again.status()).toBe(200)
      const after = await read()
      expect({ name: after.name, onboardedAt: after.onboardedAt }).toEqual({
        name: before.name,
        onboardedAt: before.onboardedAt,
      })
    })

    test('Cancel on a sign-out page opened directly goes home, not off the site', async ({ page }) => {
      await page.goto('/logout')
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect(page).toHaveURL(/\/app$/)
    })
  })

  test('sign-out ends the session on the server and returns to /login', async ({ page, context }) => {
    await signUpThroughUi(page)
    await expect(page).toHaveURL(/\/app$/)
    const cookies = await context.cookies()
    await page.getByRole('button', { name: 'Your menu' }).click()
    await page.getByRole('link', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Sign out of your account' })).toBeVisible()
    await expect(page.getByText('You are about to end your session')).toBeVisible()
    // Signed out once, however fast the button is pressed again.
    const signOuts = requestsTo(page, '/api/auth/sign-out')
    await clickTwiceAtOnce(page.getByRole('button', { name: 'Sign out' }))
    await expect(page).toHaveURL(/\/login$/)
    expect(signOuts).toHaveLength(1)

    // The old cookie is refused afterwards.
    await context.addCookies(cookies)
    const session = await page.request.get('/api/auth/get-session')
    expect(await session.json()).toBeNull()
    await page.goto('/app')
    await expect(page).toHaveURL(/\/login\?redirect=/)
  })

  test('a session that ends while a page is open leads to /login on the next click (not on a hover), and back after', async ({
    page,
  }) => {
    const { email } = await signUpThroughUi(page)
    await expect(page).toHaveURL(/\/app$/)
    // Start on a page that has not loaded the next page's data.
    await page.goto('/app/account')
    await waitForHydration(page)
    // Wait for the page's own requests, because a refused one would rightly redirect to /login and
    // this test is only about a link's preload.
    await page.waitForLoadState('networkidle')
    // End the session behind the page's back, as a revocation or another tab would.
    const ended = await page.request.post('/api/auth/sign-out', {
      data: {},
      headers: { origin: harness.baseUrl },
    })
    expect(ended.status()).toBe(200)
    // Hovering a link preloads its data, which is refused, and the page stays.
    const books = page.getByRole('navigation').getByRole('link', { name: 'Books' })
    const refused = page.waitForResponse((response) => response.status() === 401)
    await books.hover()
    await refused
    await page.waitForTimeout(500)
    await expect(page).toHaveURL(/\/app\/account$/)
    await books.click()
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp%2Fbooks$/)
    await expect(page.getByRole('heading', { name: 'Sign in or sign up' })).toBeVisible()
    await signInThroughUi(page, email, { from: page.url() })
    await expect(page).toHaveURL(/\/app\/books$/)
  })

  test('a failed sign-out says so and keeps the session', async ({ page }) => {
    await signUpThroughUi(page)
    await page.goto('/logout')
    await page.route('**/api/auth/sign-out', (route) => route.abort('failed'))
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByText('Failed to sign out')).toBeVisible()
    await page.unroute('**/api/auth/sign-out')
    await page.goto('/app')
    await expect(page).toHaveURL(/\/app$/)
  })
})
