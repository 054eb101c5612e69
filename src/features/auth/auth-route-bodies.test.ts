import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'

import { setUserPicture } from '~/features/user/user.server'
import { limits } from '~/lib/limits'
import { auth, createAuth } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { parseEnv } from '~/server/env'
import { callAuth, mailboxForTests, requestCode, signedIn, uniqueEmail } from '~/test/auth-helpers'

import { authRouteBodies } from './auth-route-bodies'

const mailbox = mailboxForTests()

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
  it('takes an address to return to as a path on this site or an http(s) URL of at most 2,048 characters', async () => {
    const longest = `https://example.com/${'a'.repeat(limits.url - 'https://example.com/'.length)}`
    for (const callbackURL of ['/app', longest])
      expect(z.safeParse(authRouteBodies['/sign-out'], { callbackURL }).success).toBe(true)
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
      expect({ value, answer: await refusal(await callAuth('/sign-out', { callbackURL: value })) }).toEqual({
        value,
        answer: { status: 400, code: 'VALIDATION_ERROR', field: 'callbackURL' },
      })
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

describe("a person's picture is only one they uploaded", () => {
  const outside = 'https://evil.example/x.png'
  const imageRefused = { status: 400, code: 'VALIDATION_ERROR', field: 'image' }

  it('refuses `image` on every endpoint that would take it, and leaves the row as it was', async () => {
    const person = await signedIn(mailbox)
    const admin = await signedIn(mailbox, { role: 'admin' })
    const { id, name } = (await userOf(person.email))!
    // Their own upload, recorded as the upload route does.
    await setUserPicture(id, '0123456789abcdef')
    const picture = (await userOf(person.email))?.image
    const asPerson = { headers: { cookie: person.cookie } }
    const asAdmin = { headers: { cookie: admin.cookie } }
    for (const image of [outside, '/pictures/me.png', picture, null]) {
      for (const body of [{ image }, { name: 'Pictured', image }])
        expect(await refusal(await callAuth('/update-user', body, asPerson))).toEqual(imageRefused)
      expect(
        await refusal(await callAuth('/admin/update-user', { userId: id, data: { image } }, asAdmin)),
      ).toEqual(imageRefused)
    }
    const email = uniqueEmail('pictured')
    expect(
      await refusal(
        await callAuth(
          '/admin/create-user',
          { email, name: 'Pictured', role: 'user', image: outside },
          asAdmin,
        ),
      ),
    ).toEqual(imageRefused)
    // A first sign-in is a sign-up.
    const otp = await requestCode(mailbox, email)
    expect(await refusal(await callAuth('/sign-in/email-otp', { email, otp, image: outside }))).toEqual(
      imageRefused,
    )
    expect(await userOf(email)).toBeUndefined()
    expect(await userOf(person.email)).toMatchObject({ name, image: picture })
  })

  it("drops any picture better-auth itself would store, such as a social provider's at sign-up", async () => {
    const context = await (await auth()).$context
    const email = uniqueEmail('social')
    // As a sign-up through GitHub records the profile's picture.
    const { user: created } = await context.internalAdapter.createOAuthUser(
      { email, name: 'Social', emailVerified: true, image: outside },
      { providerId: 'github', accountId: crypto.randomUUID() },
    )
    expect((await userOf(email))?.image).toBeNull()
    await context.internalAdapter.updateUser(created.id, { name: 'Renamed', image: outside })
    expect(await userOf(email)).toMatchObject({ name: 'Renamed', image: null })
    // A picture the person uploaded stays when better-auth changes something else.
    await setUserPicture(created.id, '0123456789abcdef')
    const uploaded = (await userOf(email))?.image
    expect(uploaded).toMatch(/^\/media\/user\//)
    await context.internalAdapter.updateUser(created.id, { name: 'Renamed again' })
    expect(await userOf(email)).toMatchObject({ name: 'Renamed again', image: uploaded })
  })
})
