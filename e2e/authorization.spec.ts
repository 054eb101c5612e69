/**
 * Calls every registered server function and /api/auth route as each kind of caller and checks
 * who gets through. Functions get an empty payload, so an allowed call fails validation and
 * writes nothing; auth routes get a valid body, because most check input before permission.
 */
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test'

import { type AuthRoute, authRoutes } from '~/features/auth/auth-routes'
import { serverFunctions, type ServerFunctionId } from '~/features/auth/function-registry'
import { hasPermission } from '~/features/auth/permissions'
import { type UploadTarget, uploadTargets, uploadUrl } from '~/features/uploads/targets'
import { cookieFrom } from '~/test/cookies'

import { callAuthRoute, seededCookie, signInOverHttp } from './support/auth-api'
import { chooseOnPage, signUpThroughUi, uniqueEmail } from './support/fixtures'
import { harness } from './support/harness-config'
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
      await chooseOnPage(page, 'Impersonate')
      await expect(page.getByText(/You are impersonating/)).toBeVisible()
      const answers = await outcomes(page.request)
      for (const id of Object.keys(serverFunctions) as ServerFunctionId[])
        expect({ id, got: verdict(answers[id] ?? 0) }).toEqual({ id, got: expectedFor(id, 'user') })
    })
  })
})

type Caller = 'anonymous' | 'user' | 'admin' | 'banned' | 'impersonating'
type Session = { cookie: string; id: string }

/** A caller of each kind with sessions of its own, made over HTTP by the seeded admin. */
async function sessionOf(caller: Caller): Promise<Session> {
  const admin = seededCookie('admin')
  const act = async (path: string, body: Record<string, unknown>, cookie = admin) => {
    const response = await callAuthRoute(path, { body, cookie })
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200)
    return response
  }
  if (caller === 'anonymous') return { cookie: '', id: '' }
  const session = await signInOverHttp(uniqueEmail(`matrix-${caller}`))
  if (caller === 'admin' || caller === 'impersonating')
    await act('/admin/set-role', { userId: session.id, role: 'admin' })
  if (caller === 'banned') await act('/admin/ban-user', { userId: session.id, banReason: 'Matrix' })
  if (caller !== 'impersonating') return session
  const target = await signInOverHttp(uniqueEmail('matrix-impersonated'))
  const impersonation = await act('/admin/impersonate-user', { userId: target.id }, session.cookie)
  return { cookie: cookieFrom(impersonation), id: target.id }
}

/** What `caller` should get from a route Folio serves. */
function expectedForRoute(route: AuthRoute, caller: Caller): Expected | 'absent' {
  const { access } = authRoutes[route]
  if (access === 'off') return 'absent'
  if (access === 'public') return 'allowed'
  if (caller === 'anonymous' || caller === 'banned') return 401
  if (access === 'session') return 'allowed'
  if (access === 'own') return caller === 'impersonating' ? 403 : 'allowed'
  return caller === 'admin' && hasPermission('admin', access) ? 'allowed' : 403
}

/**
 * A request with a valid body, so the answer comes from the permission check. Admin actions
 * target a user made for the test.
 */
type Target = { id: string; token: string }
const bodies: Partial<Record<AuthRoute, (target: Target) => Record<string, unknown>>> = {
  '/email-otp/send-verification-otp': () => ({ email: uniqueEmail('matrix-code'), type: 'sign-in' }),
  '/sign-in/email-otp': () => ({ email: uniqueEmail('matrix-code'), otp: '000000' }),
  '/sign-in/social': () => ({ provider: 'github', callbackURL: '/app' }),
  '/callback/:id': () => ({ state: 'matrix' }),
  '/admin/has-permission': () => ({ permissions: { book: ['read'] } }),
  '/update-user': () => ({ name: 'Matrix' }),
  '/email-otp/request-email-change': () => ({ newEmail: uniqueEmail('matrix-new') }),
  '/email-otp/change-email': () => ({ newEmail: uniqueEmail('matrix-new'), otp: '000000' }),
  '/change-email': () => ({ newEmail: uniqueEmail('matrix-new') }),
  '/revoke-session': () => ({ token: 'not-a-session' }),
  '/passkey/verify-authentication': () => ({ response: { id: 'none' } }),
  '/passkey/verify-registration': () => ({ response: { id: 'none' } }),
  '/passkey/delete-passkey': () => ({ id: 'none' }),
  '/passkey/update-passkey': () => ({ id: 'none', name: 'Matrix' }),
  '/account-info': () => ({ accountId: 'none' }),
  '/link-social': () => ({ provider: 'github' }),
  '/unlink-account': () => ({ accountId: 'none' }),
  '/get-access-token': () => ({ accountId: 'none' }),
  '/refresh-token': () => ({ accountId: 'none' }),
  '/admin/get-user': ({ id }) => ({ id }),
  '/admin/create-user': () => ({ email: uniqueEmail('matrix-created'), name: 'Matrix', role: 'user' }),
  '/admin/update-user': ({ id }) => ({ userId: id, data: { name: 'Matrix' } }),
  '/admin/set-role': ({ id }) => ({ userId: id, role: 'user' }),
  '/admin/ban-user': ({ id }) => ({ userId: id }),
  '/admin/unban-user': ({ id }) => ({ userId: id }),
  '/admin/set-user-password': ({ id }) => ({ userId: id, newPassword: 'matrix-password-1' }),
  '/admin/impersonate-user': ({ id }) => ({ userId: id }),
  '/admin/revoke-user-session': ({ token }) => ({ sessionToken: token }),
  '/admin/revoke-user-sessions': ({ id }) => ({ userId: id }),
  '/admin/remove-user': ({ id }) => ({ userId: id }),
}
/** Routes that end or change the caller's session, so each gets its own session. */
const endsSession = new Set<AuthRoute>([
  '/sign-out',
  '/revoke-sessions',
  '/delete-user',
  '/admin/stop-impersonating',
])

async function routeVerdict(response: Response): Promise<Expected | 'absent'> {
  const body = await response.text()
  if (response.status === 401 || response.status === 403) return response.status
  if (response.status === 404 && body.includes('"NOT_FOUND"')) return 'absent'
  expect(response.status, `no server error: ${body.slice(0, 200)}`).toBeLessThan(500)
  return 'allowed'
}

test.describe('authorization matrix of /api/auth routes', () => {
  for (const caller of ['anonymous', 'user', 'admin', 'banned', 'impersonating'] as const)
    test(`as ${caller}: every route answers as the registry says`, async () => {
      test.slow()
      const session = await sessionOf(caller)
      const target = await signInOverHttp(uniqueEmail('matrix-target'))
      const token =
        decodeURIComponent(/session_token=([^;]+)/.exec(target.cookie)?.[1] ?? '').split('.')[0] ?? ''
      const got: Record<string, string | number> = {}
      const expected: Record<string, string | number> = {}
      for (const route of Object.keys(authRoutes) as AuthRoute[]) {
        const { cookie } = endsSession.has(route) ? await sessionOf(caller) : session
        for (const method of authRoutes[route].methods) {
          const key = `${method} ${route}`
          const body = bodies[route]?.({ id: target.id, token })
          const answer = await callAuthRoute(route.replace(':id', 'github'), { method, cookie, body })
          got[key] = await routeVerdict(answer)
          expected[key] = expectedForRoute(route, caller)
        }
      }
      expect(got).toEqual(expected)
    })
})

test.describe('authorization matrix of upload routes', () => {
  for (const caller of ['anonymous', 'user', 'admin', 'banned', 'impersonating'] as const)
    test(`as ${caller}: each target answers as its right says`, async () => {
      const { cookie } = await sessionOf(caller)
      const got: Record<string, Expected> = {}
      const expected: Record<string, Expected> = {}
      for (const target of Object.keys(uploadTargets) as UploadTarget[])
        for (const method of ['PUT', 'DELETE'] as const) {
          // An empty body to a book that does not exist: let through, it is refused as no image or 404.
          const answer = await fetch(`${harness.baseUrl}${uploadUrl(target, 'matrix')}`, {
            method,
            headers: { cookie, origin: harness.baseUrl, 'sec-fetch-site': 'same-origin' },
          })
          const status = verdict(answer.status)
          // A banned user's session is refused (401 or 403, as it is found) and then ended.
          got[`${method} ${target}`] = caller === 'banned' && status !== 'allowed' ? 'refused' : status
          const role = caller === 'admin' ? 'admin' : caller === 'anonymous' ? null : 'user'
          expected[`${method} ${target}`] =
            caller === 'banned'
              ? 'refused'
              : role === null
                ? 401
                : hasPermission(role, uploadTargets[target].access) && !uploadTargets[target].own
                  ? 'allowed'
                  : // Someone else's picture ('matrix' is nobody's id) is refused to all.
                    403
        }
      expect(got).toEqual(expected)
    })
})
