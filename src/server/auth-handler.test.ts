/** `GET /api/auth/get-session` skips better-auth's router but must answer exactly as the router does. */
import { beforeAll, describe, expect, it } from 'vitest'

import { callAuth, mailboxForTests, signedIn } from '~/test/auth-helpers'

import { type Auth, createAuth } from './auth'
import { handleAuthRequest } from './auth-handler'
import { CLIENT_IP_HEADER } from './client-ip'
import { db } from './database'
import { parseEnv } from './env'

const mailbox = mailboxForTests()
let instance: Auth

beforeAll(async () => {
  instance = createAuth(await db(), parseEnv({ ...process.env }))
})

const sessionRequest = (headers: Record<string, string>, query = '') =>
  new Request(`http://localhost:3000/api/auth/get-session${query}`, { headers })

/** The same instance, with a router that fails the test if called. */
const withoutRouter = (auth: Auth): Auth =>
  new Proxy(auth, {
    get: (target, property, receiver): unknown =>
      property === 'handler'
        ? () => {
            throw new Error("better-auth's router was asked")
          }
        : Reflect.get(target, property, receiver),
  })

async function answerOf(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cookies: response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]),
    body: await response.json(),
  }
}

describe('GET /get-session', () => {
  it("answers without better-auth's router, as the router answers: signed in, signed out, a forged cookie", async () => {
    const { cookie } = await signedIn(mailbox, { instance })
    for (const [headers, query] of [
      [{ cookie }, ''],
      [{ cookie }, '?disableCookieCache=true&disableRefresh=true'],
      [{}, ''],
      [{ cookie: `${cookie.split('.')[0]}.forged` }, ''],
    ] as const) {
      const direct = await answerOf(
        await handleAuthRequest(withoutRouter(instance), sessionRequest(headers, query), { captcha: false }),
      )
      const routed = await answerOf(await instance.handler(sessionRequest(headers, query)))
      expect(direct).toEqual(routed)
    }
    const signedInAnswer = await answerOf(
      await handleAuthRequest(withoutRouter(instance), sessionRequest({ cookie }), { captcha: false }),
    )
    expect(signedInAnswer.status).toBe(200)
    expect(signedInAnswer.body).toMatchObject({ session: { token: expect.any(String) } })
  })

  it('is not counted by the rate limit, however often it is asked (as no page view is)', async () => {
    const strict = createAuth(
      await db(),
      parseEnv({ ...process.env, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAX: '2' }),
    )
    const { cookie } = await signedIn(mailbox, { instance })
    const headers = { cookie, [CLIENT_IP_HEADER]: `2001:db8:${crypto.randomUUID().slice(0, 4)}::1` }
    for (let request = 0; request < 4; request++) {
      expect((await callAuth('/get-session', undefined, { instance: strict, headers })).status).toBe(200)
      // The router too, which answers when the endpoint fails unexpectedly.
      expect((await strict.handler(sessionRequest(headers))).status).toBe(200)
    }
  })
})
