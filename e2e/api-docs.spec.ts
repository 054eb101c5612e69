import { expect, type Page, test } from '@playwright/test'
import { readFileSync } from 'node:fs'

import type { ApiReference } from '~/features/api-docs/api-reference'
import { authRoutes } from '~/features/auth/auth-routes'
import { isolate } from '~/lib/interpolation'

import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

/** The viewer's code carries this key; no other page's scripts may. */
const viewerMarker = 'areas:apiDocs.statuses'

/**
 * Records the scripts a page requests and returns a function that fetches their source. It fetches
 * from the server again, because a late chunk's body is lost once the test moves to the next page.
 */
function recordScripts(page: Page) {
  const urls = new Set<string>()
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url())
  })
  return () =>
    Promise.all(
      [...urls].map(async (url) => {
        // A kept-alive connection the server closed as it was reused fails once; a second ask opens a new one.
        const response = await page.request.get(url).catch(() => page.request.get(url))
        return { url, source: response.ok() ? await response.text() : '' }
      }),
    )
}

test.describe('API documentation, as an admin', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('is reached from the manager menu and documents /api/auth from better-auth’s schema', async ({
    page,
  }) => {
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto('/manager/dashboard')
    await page.getByRole('button', { name: 'Your menu' }).click()
    await page
      .getByRole('navigation', { name: 'Your menu' })
      .getByRole('link', { name: 'API documentation' })
      .click()
    await expect(page).toHaveURL(/\/manager\/api-docs$/)
    await expect(page).toHaveTitle('API documentation · Folio')
    await expect(page.getByRole('heading', { name: 'API documentation', level: 1 })).toBeVisible()
    await expect(page.getByText(/\/api\/auth$/)).toBeVisible()
    // The version shown is the installed better-auth's, not the one in its schema.
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>
    }
    await expect(
      page.getByText(`${isolate('Better Auth')} ${isolate(dependencies['better-auth']!)})`, { exact: false }),
    ).toBeVisible()
    await expect(page.getByText('1.1.0', { exact: false })).toHaveCount(0)
    for (const section of ['Default', 'Email-otp', 'Admin', 'Models'])
      await expect(page.getByRole('region', { name: section })).toBeVisible()

    // Filtering narrows the endpoints; an operation opens on its parameters and answers.
    await page.getByLabel('Filter endpoints').fill('request-email-change')
    await expect(page.getByText('1 endpoint', { exact: true })).toBeVisible()
    // The contents link only to what is shown.
    await expect(page.getByRole('navigation', { name: 'API sections' }).getByRole('link')).toHaveText([
      'Email-otp',
      'Models',
    ])
    const operation = page.locator('details').filter({ hasText: '/email-otp/request-email-change' })
    await operation.getByText('/email-otp/request-email-change').click()
    await expect(operation.getByRole('heading', { name: /Request body/ })).toBeVisible()
    await expect(operation.getByText('newEmail', { exact: true })).toBeVisible()
    await expect(operation.getByText('New email address to send the OTP')).toBeVisible()
    await expect(operation.getByText(/^Unauthorized\./)).toBeVisible()

    // A model named in an answer links to its description.
    await page.getByLabel('Filter endpoints').fill('/get-session')
    const session = page.locator('details').filter({ hasText: '/get-session' }).first()
    await session.getByText('/get-session').first().click()
    await session.getByRole('link', { name: 'User' }).click()
    await expect(page).toHaveURL(/#model-user$/)

    // Everything came from this site: no CDN.
    const origin = new URL(page.url()).origin
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])
  })

  test('its viewer is loaded on its page only', async ({ page }) => {
    const scripts = recordScripts(page)
    // Each page loads all it needs before the next one opens.
    for (const path of ['/manager/dashboard', '/manager/books', '/manager/account', '/app', '/app/books']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    const elsewhere = await scripts()
    expect(elsewhere.length).toBeGreaterThan(0)
    expect(elsewhere.filter(({ source }) => !source).map(({ url }) => url)).toEqual([])
    expect(elsewhere.filter(({ source }) => source.includes(viewerMarker)).map(({ url }) => url)).toEqual([])
    await page.goto('/manager/api-docs')
    await expect(page.getByRole('heading', { name: 'API documentation', level: 1 })).toBeVisible()
    expect((await scripts()).some(({ source }) => source.includes(viewerMarker))).toBe(true)
  })

  test('the schema function answers an admin, with exactly the routes Folio serves', async ({ request }) => {
    const response = await callServerFn(request, 'api-docs--getApiReference', 'GET')
    expect(response.status()).toBe(200)
    const reference = await resultOf<ApiReference>(response)
    const documented = reference.groups.flatMap((group) =>
      group.operations.map((operation) => operation.path.replace(/\{\w+\}/g, ':id')),
    )
    const offered = Object.entries(authRoutes).filter(([, entry]) => entry.access !== 'off')
    expect(new Set(documented)).toEqual(new Set(offered.map(([route]) => route.replace(/:\w+/g, ':id'))))
  })
})

test.describe('API documentation, for everyone else', () => {
  test('the login page carries none of its code', async ({ page }) => {
    const scripts = recordScripts(page)
    await page.goto('/login')
    await page.waitForLoadState('networkidle')
    const loaded = await scripts()
    expect(loaded.length).toBeGreaterThan(0)
    expect(loaded.filter(({ source }) => !source).map(({ url }) => url)).toEqual([])
    expect(loaded.some(({ source }) => source.includes(viewerMarker))).toBe(false)
  })

  test('the schema is refused without a session, and better-auth does not serve it', async ({ request }) => {
    expect((await callServerFn(request, 'api-docs--getApiReference', 'GET')).status()).toBe(401)
    expect((await request.get('/api/auth/open-api/generate-schema')).status()).toBe(404)
    expect((await request.get('/api/auth/reference')).status()).toBe(404)
  })

  test.describe('as a user', () => {
    test.use({ storageState: storageStateOf('user') })
    test('the page and its function are refused', async ({ page, request }) => {
      expect((await callServerFn(request, 'api-docs--getApiReference', 'GET')).status()).toBe(403)
      const response = await page.goto('/manager/api-docs')
      expect(response?.status()).toBe(403)
    })
  })
})
