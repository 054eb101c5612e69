import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { limits } from '~/lib/limits'
import { auth, createAuth } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { parseEnv } from '~/server/env'
import { callAuth, requestCode, signedIn, uniqueEmail } from '~/test/auth-helpers'
import { type Mailbox, startMailbox } from '~/test/mailbox'

let mailbox: Mailbox

beforeAll(async () => {
  mailbox = await startMailbox()
  process.env.SMTP_URL = mailbox.smtpUrl
})
afterAll(() => mailbox.close())

const hostile = '<script>alert(1)</script>'
const userOf = async (email: string) =>
  (await (await db()).select().from(schema.user).where(eq(schema.user.email, email)))[0]
const nameOf = async (email: string) => (await userOf(email))?.name

/** The answer's status, code and the field it names. */
async function refusal(answer: Response) {
  const { code, field } = (await answer.json()) as { code?: string; field?: string }
  return { status: answer.status, code, field }
}

describe("the bodies of better-auth's endpoints are checked before it reads them", () => {
  it("takes a picture's address on /update-user: a path or http(s) URL of at most 2,048 characters", async () => {
    const visitor = await signedIn(mailbox)
    const as = { headers: { cookie: visitor.cookie } }
    const image = (value: unknown) => callAuth('/update-user', { image: value }, as)
    expect((await image('/pictures/me.png')).status).toBe(200)
    const longest = `https://example.com/${'a'.repeat(limits.url - 'https://example.com/'.length)}`
    expect((await image(longest)).status).toBe(200)
    expect((await userOf(visitor.email))?.image).toBe(longest)
    for (const value of [
      '/a\u0000b',
      `${longest}a`,
      'javascript:alert(1)',
      '//evil.example/x.png',
      '/\\evil.example',
      'https://example.com/\nx',
      42,
      { url: '/x' },
    ])
      expect({ value, answer: await refusal(await image(value)) }).toEqual({
        value,
        answer: { status: 400, code: 'VALIDATION_ERROR', field: 'image' },
      })
    expect((await userOf(visitor.email))?.image).toBe(longest)
  })

  it('refuses a field better-auth would read that Folio does not take, and a body that is no object', async () => {
    const visitor = await signedIn(mailbox)
    const as = { headers: { cookie: visitor.cookie } }
    expect(await refusal(await callAuth('/update-user', { onboardedAt: null }, as))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field: 'onboardedAt',
    })
    expect((await callAuth('/update-user', ['name'], as)).status).toBe(400)
    expect((await callAuth('/revoke-session', 'token', as)).status).toBe(400)
  })

  it('reads a body as better-auth would: a form posted back by a provider, or plain text', async () => {
    const post = async (body: string, type: string) =>
      handleAuthRequest(
        await auth(),
        new Request('http://localhost:3000/api/auth/callback/github', {
          method: 'POST',
          headers: { origin: 'http://localhost:3000', 'content-type': type },
          body,
        }),
        { captcha: false },
      )
    expect(await refusal(await post('state=a%00b', 'application/x-www-form-urlencoded'))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field: 'state',
    })
    expect((await post('state=abc', 'text/plain')).status).toBe(400)
  })

  it('checks a code request before the per-address limit counts it: nothing is recorded', async () => {
    const instance = createAuth(await db(), parseEnv({ ...process.env, RATE_LIMIT_ENABLED: 'true' }))
    const email = uniqueEmail('typed')
    const send = (type: string) => callAuth('/email-otp/send-verification-otp', { email, type }, { instance })
    const answer = await send('password')
    expect(await refusal(answer)).toEqual({ status: 400, code: 'VALIDATION_ERROR', field: 'type' })
    const sends = await (
      await db()
    )
      .select()
      .from(schema.codeRequest)
      .where(eq(schema.codeRequest.email, email))
    expect(sends).toEqual([])
    // The same request with a type better-auth knows is counted.
    expect((await send('sign-in')).status).toBe(200)
    expect(
      await (await db()).select().from(schema.codeRequest).where(eq(schema.codeRequest.email, email)),
    ).toHaveLength(1)
  })
})

describe("names given through better-auth's own endpoints follow the forms' rule", () => {
  it('refuses a name the forms refuse on /update-user, and keeps the old one', async () => {
    const visitor = await signedIn(mailbox)
    const as = { headers: { cookie: visitor.cookie } }
    expect((await callAuth('/update-user', { name: 'Grace Hopper' }, as)).status).toBe(200)
    for (const name of [hostile, '   ', '12345', 'a\u0000b', '\n\n Padded Name', '\ufeffGrace']) {
      const answer = await callAuth('/update-user', { name }, as)
      expect({
        name,
        status: answer.status,
        code: ((await answer.json()) as { code?: string }).code,
      }).toEqual({
        name,
        status: 400,
        code: 'VALIDATION_ERROR',
      })
    }
    expect(await nameOf(visitor.email)).toBe('Grace Hopper')
  })

  it('refuses it when a first sign-in names the new account', async () => {
    const email = uniqueEmail('first')
    const otp = await requestCode(mailbox, email)
    const answer = await callAuth('/sign-in/email-otp', { email, otp, name: hostile })
    expect(answer.status).toBe(400)
    expect(await nameOf(email)).toBeUndefined()
  })

  it('refuses it on the admin endpoints too: no user created, none renamed', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const target = await signedIn(mailbox)
    const as = { headers: { cookie: admin.cookie } }
    const email = uniqueEmail('named')
    expect((await callAuth('/admin/create-user', { email, name: hostile, role: 'user' }, as)).status).toBe(
      400,
    )
    expect(await nameOf(email)).toBeUndefined()
    const [row] = await (await db()).select().from(schema.user).where(eq(schema.user.email, target.email))
    const before = row?.name
    expect(
      (await callAuth('/admin/update-user', { userId: row?.id, data: { name: hostile } }, as)).status,
    ).toBe(400)
    expect(await nameOf(target.email)).toBe(before)
  })
})
