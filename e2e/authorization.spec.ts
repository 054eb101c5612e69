/**
 * The authorization matrix of server functions: every function of the registry, called over HTTP
 * against the production build as each kind of caller. Calls send an empty payload: a caller
 * who is let through meets the input check (400) or gets the data, so nothing is written.
 */
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test'

import { serverFunctions, type ServerFunctionId } from '~/features/auth/function-registry'
import { hasPermission } from '~/features/auth/permissions'

import { signUpThroughUi, uniqueEmail } from './support/fixtures'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

type Expected = 'allowed' | 401 | 403 | 'refused'

/** What `role` should get from a function (null: signed out). */
function expectedFor(id: ServerFunctionId, role: string | null): Expected {
  const { access } = serverFunctions[id]
  if (access === 'public') return 'allowed'
  if (role === null) return 401
  return hasPermission(role, access) ? 'allowed' : 403
}

async function outcomes(request: APIRequestContext) {
  const answers: Record<string, number> = {}
  for (const [id, { method }] of Object.entries(serverFunctions))
    answers[id] = (await callServerFn(request, id, method, {})).status()
  return answers
}

function verdict(status: number): Expected {
  if (status === 401 || status === 403) return status
  expect(status, 'no server error').toBeLessThan(500)
  return 'allowed'
}

async function signedInContext(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const page = await context.newPage()
  await signUpThroughUi(page, { email: uniqueEmail('matrix') })
  await expect(page).toHaveURL(/\/app$/)
  return { context, page }
}

test.describe('authorization matrix of server functions', () => {
  test('signed out: only public functions answer', async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
    const answers = await outcomes(request)
    for (const id of Object.keys(serverFunctions) as ServerFunctionId[])
      expect({ id, got: verdict(answers[id] ?? 0) }).toEqual({ id, got: expectedFor(id, null) })
    await request.dispose()
  })

  for (const role of ['user', 'admin'] as const)
    test.describe(`as ${role === 'user' ? 'a user' : 'an admin'}`, () => {
      test.use({ storageState: storageStateOf(role) })
      test('exactly the functions the role grants', async ({ request }) => {
        const answers = await outcomes(request)
        for (const id of Object.keys(serverFunctions) as ServerFunctionId[])
          expect({ id, got: verdict(answers[id] ?? 0) }).toEqual({ id, got: expectedFor(id, role) })
      })
    })

  test.describe('special callers', () => {
    test.use({ storageState: storageStateOf('admin') })

    test('a banned user: nothing protected, from the next request on', async ({ browser, request }) => {
      const { context, page } = await signedInContext(browser)
      const me = await resultOf<{ user: { id: string } }>(
        await callServerFn(page.request, 'auth--getCurrentSession', 'GET'),
      )
      expect(
        (await callServerFn(request, 'user--postBan', 'POST', { id: me.user.id, reason: 'Matrix' })).status(),
      ).toBe(200)
      const answers = await outcomes(page.request)
      for (const id of Object.keys(serverFunctions) as ServerFunctionId[]) {
        const expected = serverFunctions[id].access === 'public' ? 'allowed' : 'refused'
        const got = verdict(answers[id] ?? 0)
        expect({ id, got: got === 401 || got === 403 ? 'refused' : got }).toEqual({ id, got: expected })
      }
      await context.close()
    })

    test('an admin impersonating a user: that user’s rights, no more', async ({ browser, page }) => {
      const { context: other, page: otherPage } = await signedInContext(browser)
      const target = await resultOf<{ user: { id: string } }>(
        await callServerFn(otherPage.request, 'auth--getCurrentSession', 'GET'),
      )
      await other.close()
      page.on('dialog', (dialog) => void dialog.accept())
      await page.goto(`/manager/users/${target.user.id}`)
      await page.getByRole('button', { name: 'Impersonate' }).click()
      await expect(page.getByText(/You are impersonating/)).toBeVisible()
      const answers = await outcomes(page.request)
      for (const id of Object.keys(serverFunctions) as ServerFunctionId[])
        expect({ id, got: verdict(answers[id] ?? 0) }).toEqual({ id, got: expectedFor(id, 'user') })
    })
  })
})
