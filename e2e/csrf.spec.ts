/**
 * Every server function and /api/auth endpoint refuses a cross-site POST, even with a valid
 * session cookie, and functions that write accept POST only.
 */
import { type APIRequestContext, type APIResponse, type Browser, expect, test } from '@playwright/test'
import { toJSONAsync } from 'seroval'

import { appConfig } from '@/app.config'
import { authRoutes } from '~/features/auth/auth-routes'
import { serverFunctions } from '~/features/auth/function-registry'

import { signUpThroughUi, uniqueEmail } from './support/fixtures'
import { harness } from './support/harness-config'

const crossSite = {
  'Sec-Fetch-Site cross-site': { origin: harness.baseUrl, 'sec-fetch-site': 'cross-site' },
  'a foreign Origin': { origin: 'https://evil.example' },
  'neither header': {},
} satisfies Record<string, Record<string, string>>

const writes = Object.entries(serverFunctions).filter(([, entry]) => entry.method === 'POST')
// Every POST route of /api/auth, those Folio does not offer included.
const authWrites = Object.entries(authRoutes)
  .filter(([, entry]) => (entry.methods as ReadonlyArray<string>).includes('POST'))
  .map(([route]) => route.replace(':id', 'github'))

/** A visitor of its own, so a request let through by mistake (a sign-out, say) harms no other test. */
async function signedInRequest(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const page = await context.newPage()
  await signUpThroughUi(page, { email: uniqueEmail('csrf') })
  await expect(page).toHaveURL(/\/app$/)
  return { context, request: page.request }
}

function post(request: APIRequestContext, url: string, headers: Record<string, string>, body: string) {
  return request.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tsr-serverFn': 'true', ...headers },
    data: body,
  })
}

/** The CSRF check's refusal, as distinct from a missing-permission refusal. */
async function expectCsrfRefusal(response: APIResponse, target: string) {
  expect({ target, status: response.status(), body: await response.text() }).toEqual({
    target,
    status: 403,
    body: 'Forbidden',
  })
}

for (const [kind, headers] of Object.entries(crossSite))
  test(`a POST with ${kind} is refused by every server function and /api/auth endpoint`, async ({
    browser,
  }) => {
    const { context, request } = await signedInRequest(browser)
    const payload = JSON.stringify(await toJSONAsync({ data: {} }))
    for (const [id] of writes)
      await expectCsrfRefusal(await post(request, `${appConfig.serverFnBase}/${id}`, headers, payload), id)
    for (const path of authWrites)
      await expectCsrfRefusal(await post(request, `${appConfig.authBasePath}${path}`, headers, '{}'), path)
    // The session still exists, so none of these went through.
    const session = await request.get(`${appConfig.authBasePath}/get-session`)
    expect(await session.json()).not.toBeNull()
    await context.close()
  })

test('a function that writes answers to POST only', async ({ browser }) => {
  const { context, request } = await signedInRequest(browser)
  const payload = encodeURIComponent(JSON.stringify(await toJSONAsync({ data: {} })))
  for (const [id] of writes) {
    const response = await request.get(`${appConfig.serverFnBase}/${id}?payload=${payload}`, {
      headers: { 'x-tsr-serverFn': 'true' },
    })
    expect({ id, refused: response.status() >= 400 && response.status() < 500 }).toEqual({
      id,
      refused: true,
    })
  }
  await context.close()
})
