/**
 * Sign-in with an OpenID Connect provider. GitHub and Google are unreachable in tests, so a local
 * OIDC provider runs in this worker.
 */
import { chromium, expect, type Page, test } from '@playwright/test'
import { Events, OAuth2Server } from 'oauth2-mock-server'

import { isolate } from '~/lib/interpolation'
import { chromiumFlags, chromiumPath } from '~/test/chromium'

import { startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'
import { expectShownAsText } from './support/escaping'
import { chooseOnPage, uniqueEmail, waitForHydration } from './support/fixtures'

let provider: OAuth2Server
let app: Awaited<ReturnType<typeof startAppServer>>
let closedApp: Awaited<ReturnType<typeof startAppServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  provider.service.on(Events.BeforeTokenSigning, (token) => {
    if (claims) Object.assign(token.payload, claims)
  })
  provider.service.on(Events.BeforeUserinfo, (response) => {
    if (claims) response.body = claims
  })
  const oidc = {
    OIDC_DISCOVERY_URL: `${provider.issuer.url}/.well-known/openid-configuration`,
    OIDC_CLIENT_ID: 'folio-e2e',
    OIDC_CLIENT_SECRET: 'folio-e2e-secret',
    OIDC_PROVIDER_NAME: 'Test ID',
  }
  ;[app, closedApp] = await Promise.all([
    startAppServer(oidc),
    startAppServer({ ...oidc, AUTH_SIGNUP_ENABLED: 'false' }),
  ])
})

test.afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) console.log(app?.log(), closedApp?.log())
  await Promise.all([app?.stop(), closedApp?.stop()])
  await provider?.stop()
})

type Claims = { sub: string; email: string; email_verified: boolean; name: string; picture: string }
let claims: Claims | undefined

/** The identity the provider returns on its next sign-in. */
function nextIdentity(identity: { email: string; name: string; emailVerified: boolean }) {
  claims = {
    sub: `sub-${crypto.randomUUID()}`,
    email: identity.email,
    email_verified: identity.emailVerified,
    name: identity.name,
    // A picture on another site, which Folio must never store or show.
    picture: 'https://evil.example/avatar.png',
  }
}

async function continueWithProvider(page: Page, base: string) {
  await page.goto(`${base}/login`)
  await expect(page.getByRole('separator')).toHaveText('OR')
  await page.getByRole('button', { name: `Continue with ${isolate('Test ID')}` }).click()
}

test('a new account signs up through the provider, without its picture, and goes through onboarding', async ({
  page,
}) => {
  nextIdentity({ email: uniqueEmail('oidc'), name: 'Katherine Johnson', emailVerified: true })
  await continueWithProvider(page, app.url)
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('What is your name?').fill('Katherine Johnson')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: `Welcome, ${isolate('Katherine Johnson')}` })).toBeVisible()
  // The provider's picture was dropped.
  const session = await page.request.get(`${app.url}/api/auth/get-session`)
  expect(((await session.json()) as { user: { image: string | null } }).user.image).toBeNull()
})

test('a name the provider vouches for is kept as it comes and shown as text, to the admin too', async ({
  browser,
  page,
}) => {
  const name = '<script>alert(1)</script>'
  const email = uniqueEmail('oidc-named')
  nextIdentity({ email, name, emailVerified: true })
  await continueWithProvider(page, app.url)
  await expect(page).toHaveURL(/\/onboarding/)

  const { cookie } = await signInOverHttp('admin@example.com', app)
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [cookieName = '', value = ''] = pair.split(/=(.*)/s)
      return { name: cookieName, value, url: app.url }
    }),
  )
  const admin = await context.newPage()
  await expectShownAsText(admin, `${app.url}/manager/users?searchTerm=${encodeURIComponent(email)}`, [name])
  await admin.getByText(name).first().click()
  await expect(admin).toHaveURL(/\/manager\/users\/[^/?]+/)
  await expectShownAsText(admin, admin.url(), [name])
  admin.once('dialog', (dialog) => void dialog.accept())
  await chooseOnPage(admin, 'Impersonate')
  await expect(admin.getByText(`You are impersonating ${isolate(name)}`)).toBeVisible()
  await expectShownAsText(admin, admin.url(), [`You are impersonating ${isolate(name)}`])
  await context.close()
})

test('a refusal at the provider lands on the access-denied page', async ({ page }) => {
  provider.service.once(Events.BeforeAuthorizeRedirect, (redirect) => {
    redirect.url.searchParams.delete('code')
    redirect.url.searchParams.set('error', 'access_denied')
  })
  await continueWithProvider(page, app.url)
  await expect(page).toHaveURL(/\/login\/error\?error=access_denied/)
  await expect(page.getByRole('heading', { name: 'Unable to sign in' })).toBeVisible()
})

test('an existing e-mail vouched for by the provider joins that account', async ({ page }) => {
  nextIdentity({ email: 'user@example.com', name: 'Someone Else', emailVerified: true })
  await continueWithProvider(page, app.url)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('heading', { name: `Welcome, ${isolate('User')}` })).toBeVisible()
})

test('an existing e-mail the provider does not vouch for is not joined', async ({ page }) => {
  nextIdentity({ email: 'admin@example.com', name: 'Impostor', emailVerified: false })
  await continueWithProvider(page, app.url)
  await expect(page).toHaveURL(/\/login\/error\?error=account_not_linked/)
  await expect(page.getByRole('heading', { name: 'Account not linked' })).toBeVisible()
})

test('with sign-up off, an unknown account lands on the account-not-found page', async ({ page }) => {
  nextIdentity({ email: uniqueEmail('stranger'), name: 'Stranger', emailVerified: true })
  await continueWithProvider(page, closedApp.url)
  await expect(page).toHaveURL(/\/login\/error\?error=signup_disabled/)
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible()
  await expect(page.getByText('You need an account to sign in.')).toBeVisible()
})

test('back from the provider without signing in, the buttons work again', async () => {
  // Playwright turns off Chromium's back-forward cache, but real browsers restore /login as it was
  // left: busy, with its redirect under way.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  })
  try {
    const page = await browser.newPage()
    // The provider's sign-in page, which the visitor leaves with Back.
    await page.route(`${provider.issuer.url}/authorize?**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Test ID</title><h1>Sign in to Test ID</h1>' }),
    )
    // Wait for the page's passkey request, because a request still in flight when leaving keeps the
    // page out of the back-forward cache.
    const offered = page.waitForResponse(/\/passkey\/generate-authenticate-options/)
    await page.goto(`${app.url}/login`)
    await waitForHydration(page)
    await offered
    await page.evaluate(() => ((window as { left?: boolean }).left = true))
    await page.getByRole('button', { name: `Continue with ${isolate('Test ID')}` }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to Test ID' })).toBeVisible()
    // A page the cache brings back fires no load event.
    await page.goBack({ waitUntil: 'commit' })
    await expect(page).toHaveURL(`${app.url}/login`)
    // Restored from the cache, the page still marks itself as left.
    expect(await page.evaluate(() => (window as { left?: boolean }).left)).toBe(true)
    await expect(page.getByRole('button', { name: `Continue with ${isolate('Test ID')}` })).toBeEnabled()
  } finally {
    await browser.close()
  }
})
