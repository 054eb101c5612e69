import { eq } from 'drizzle-orm'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HttpError } from '~/lib/http-error'
import { callAuth, mailboxForTests, requestCode, signedIn, signInWithCode } from '~/test/auth-helpers'
import { startSiteverifyStub } from '~/test/siteverify-stub'

import { createAuth } from './auth'
import { db } from './database'
import { schema } from './db'
import { parseEnv } from './env'
import { authorize } from './session'

const mailbox = mailboxForTests()

const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code

describe('banned users', () => {
  it('are refused on their next request, and their sessions end', async () => {
    const visitor = await signedIn(mailbox)
    await authorize(visitor.headers, { apps: ['app'] })
    await (await db()).update(schema.user).set({ banned: true }).where(eq(schema.user.email, visitor.email))
    await expect(authorize(visitor.headers, { apps: ['app'] })).rejects.toMatchObject(
      new HttpError(403, 'BANNED_USER'),
    )
    // The session is gone, so the next call is simply signed out.
    await expect(authorize(visitor.headers, { apps: ['app'] })).rejects.toMatchObject({ status: 401 })
  })

  it('are refused at sign-in with BANNED_USER, until the ban expires', async () => {
    const visitor = await signedIn(mailbox)
    await (await db()).update(schema.user).set({ banned: true }).where(eq(schema.user.email, visitor.email))
    const refused = await signInWithCode(visitor.email, await requestCode(mailbox, visitor.email))
    expect(refused.status).toBe(403)
    expect(await codeOf(refused)).toBe('BANNED_USER')

    await (
      await db()
    )
      .update(schema.user)
      .set({ banned: true, banExpires: new Date(Date.now() - 1000) })
      .where(eq(schema.user.email, visitor.email))
    const allowed = await signInWithCode(visitor.email, await requestCode(mailbox, visitor.email))
    expect(allowed.status).toBe(200)
  })
})

describe('sign-up', () => {
  it('is off in demo mode: an unknown address gets no account', async () => {
    const env = parseEnv({ ...process.env, DEMO_MODE: 'true' })
    const demo = createAuth(await db(), env)
    const email = `demo-${crypto.randomUUID()}@example.test`
    expect(
      (await callAuth('/email-otp/send-verification-otp', { email, type: 'sign-in' }, { instance: demo }))
        .status,
    ).toBe(200)
    expect((await signInWithCode(email, '123456', demo)).ok).toBe(false)
    expect(await (await db()).select().from(schema.user).where(eq(schema.user.email, email))).toEqual([])
  })
})

describe('social providers', () => {
  it('sends GitHub and Google sign-ins to the provider with the configured client id and callback', async () => {
    const env = parseEnv({
      ...process.env,
      GITHUB_CLIENT_ID: 'github-client-id',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GOOGLE_CLIENT_ID: 'google-client-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    })
    const instance = createAuth(await db(), env)
    for (const [provider, host] of [
      ['github', 'github.com'],
      ['google', 'accounts.google.com'],
    ] as const) {
      const response = await callAuth('/sign-in/social', { provider, callbackURL: '/login' }, { instance })
      const { url } = (await response.json()) as { url: string }
      const target = new URL(url)
      expect(target.host).toBe(host)
      expect(target.searchParams.get('client_id')).toBe(`${provider}-client-id`)
      expect(target.searchParams.get('redirect_uri')).toBe(`${env.BASE_URL}/api/auth/callback/${provider}`)
    }
  })

  it('offers no provider without credentials', async () => {
    const response = await callAuth('/sign-in/social', { provider: 'github', callbackURL: '/login' })
    expect(response.ok).toBe(false)
  })
})

describe('captcha on the code endpoints', () => {
  // Cloudflare is unreachable in tests, so a stand-in siteverify endpoint answers.
  let siteverify: Awaited<ReturnType<typeof startSiteverifyStub>>
  beforeAll(async () => {
    siteverify = await startSiteverifyStub()
  })
  afterAll(() => siteverify.close())

  async function withCaptcha(url: string) {
    const env = parseEnv({
      ...process.env,
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret',
      TURNSTILE_VERIFY_URL: url,
    })
    return createAuth(await db(), env)
  }
  const send = (instance: Awaited<ReturnType<typeof withCaptcha>>, token?: string) =>
    callAuth(
      '/email-otp/send-verification-otp',
      { email: 'captcha@example.test', type: 'sign-in' },
      { instance, captcha: true, headers: token ? { 'x-captcha-response': token } : {} },
    )

  it('asks for a token, refuses a rejected one and accepts a good one, on sending and on signing in', async () => {
    const instance = await withCaptcha(siteverify.url)
    expect(await codeOf(await send(instance))).toBe('MISSING_RESPONSE')
    expect(await codeOf(await send(instance, 'fail'))).toBe('VERIFICATION_FAILED')
    expect((await send(instance, 'pass')).status).toBe(200)
    const signIn = await callAuth(
      '/sign-in/email-otp',
      { email: 'captcha@example.test', otp: '123456' },
      { instance, captcha: true },
    )
    expect(await codeOf(signIn)).toBe('MISSING_RESPONSE')
  })

  it('says SERVICE_UNAVAILABLE when the provider cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const instance = await withCaptcha(`http://127.0.0.1:${port}/siteverify`)
    const response = await send(instance, 'pass')
    expect(response.status).toBe(503)
    expect(await codeOf(response)).toBe('SERVICE_UNAVAILABLE')
  })
})
