import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import {
  callAuth,
  cookieFrom,
  mailboxForTests,
  requestCode,
  signedIn,
  signInWithCode,
} from '~/test/auth-helpers'

import { createAuth } from './auth'
import { db } from './database'
import { schema } from './db'
import { parseEnv } from './env'

import { DEMO_MODE_CODE } from '~/lib/demo-mode'

import { postedReads } from './demo-mode'

const mailbox = mailboxForTests()
let demo: ReturnType<typeof createAuth>

beforeAll(async () => {
  demo = createAuth(await db(), parseEnv({ ...process.env, DEMO_MODE: 'true' }))
})

/** Every endpoint of the demo's better-auth instance, as HTTP method and path. */
function endpoints() {
  return Object.values(demo.api as Record<string, { path?: string; options?: { method?: unknown } }>)
    .filter((endpoint) => typeof endpoint.path === 'string')
    .flatMap((endpoint) => {
      const methods = [endpoint.options?.method].flat()
      const path = (endpoint.path as string).replace(/:\w+/g, 'x')
      return methods.map((method) => ({ method: method === '*' ? 'POST' : String(method), path }))
    })
}

const signsInOrOut = (path: string) =>
  /^\/(sign-in\/|sign-out$|callback\/|oauth2\/callback\/|email-otp\/send-verification-otp$|passkey\/verify-authentication$)/.test(
    path,
  )

describe('demo mode on /api/auth', () => {
  it('refuses every endpoint that changes something, but signing in and out, with DEMO_MODE', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const writes = endpoints().filter(
      ({ method, path }) => method !== 'GET' && !signsInOrOut(path) && !postedReads.includes(path),
    )
    // They include the admin, email-OTP and passkey plugins' writes, and account deletion.
    expect(writes.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/update-user',
        '/admin/create-user',
        '/email-otp/request-email-change',
        '/delete-user',
        '/passkey/verify-registration',
        '/passkey/delete-passkey',
      ]),
    )
    for (const { method, path } of writes) {
      const response = await demo.handler(
        new Request(`http://localhost:3000/api/auth${path}`, {
          method,
          headers: {
            origin: 'http://localhost:3000',
            'content-type': 'application/json',
            cookie: admin.cookie,
          },
          body: '{}',
        }),
      )
      const body = (await response.json()) as { code?: string }
      expect({ path, status: response.status, code: body.code }).toEqual({
        path,
        status: 403,
        code: DEMO_MODE_CODE,
      })
    }
  })

  it('writes nothing for a valid request it refuses', async () => {
    const visitor = await signedIn(mailbox)
    const response = await callAuth(
      '/update-user',
      { name: 'Renamed in the demo' },
      { instance: demo, headers: { cookie: visitor.cookie } },
    )
    expect(response.status).toBe(403)
    const [row] = await (await db()).select().from(schema.user).where(eq(schema.user.email, visitor.email))
    expect(row?.name).not.toBe('Renamed in the demo')
  })

  it('still signs an existing account in and out', async () => {
    const { email } = await signedIn(mailbox)
    const signIn = await signInWithCode(email, await requestCode(mailbox, email, demo), demo)
    expect(signIn.status).toBe(200)
    const cookie = cookieFrom(signIn)
    const signOut = await callAuth('/sign-out', {}, { instance: demo, headers: { cookie } })
    expect(signOut.status).toBe(200)
    const session = await callAuth('/get-session', undefined, { instance: demo, headers: { cookie } })
    expect(await session.json()).toBeNull()
  })

  it('lets a passkey sign in: the request reaches the passkey check, not the demo refusal', async () => {
    const response = await callAuth(
      '/passkey/verify-authentication',
      { response: { id: 'none' } },
      { instance: demo },
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { code?: string }).code).toBe('CHALLENGE_NOT_FOUND')
  })

  it('refuses codes for anything but signing in', async () => {
    const { email } = await signedIn(mailbox)
    const response = await callAuth(
      '/email-otp/send-verification-otp',
      { email, type: 'email-verification' },
      { instance: demo },
    )
    expect(response.status).toBe(403)
  })
})
