import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/server/database'
import { schema } from '~/server/db'
import { callAuth, requestCode, signedIn, uniqueEmail } from '~/test/auth-helpers'
import { type Mailbox, startMailbox } from '~/test/mailbox'

let mailbox: Mailbox

beforeAll(async () => {
  mailbox = await startMailbox()
  process.env.SMTP_URL = mailbox.smtpUrl
})
afterAll(() => mailbox.close())

const hostile = '<script>alert(1)</script>'
const nameOf = async (email: string) =>
  (await (await db()).select().from(schema.user).where(eq(schema.user.email, email)))[0]?.name

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
