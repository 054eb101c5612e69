import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { auth } from '~/server/auth'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { callAuth, cookieFrom, mailboxForTests, signedIn, uniqueEmail } from '~/test/auth-helpers'
import { codeOf } from '~/test/mailbox'

const mailbox = mailboxForTests()

const as = (cookie: string) => ({ headers: { cookie } })
const codeIn = async (response: Response) => ((await response.json()) as { code?: string }).code

async function emailOf(email: string) {
  const rows = await (await db()).select().from(schema.user).where(eq(schema.user.email, email))
  return rows.length
}

describe('changing one’s e-mail', () => {
  it('refuses a new address longer than 254 characters', async () => {
    const visitor = await signedIn(mailbox)
    const newEmail = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`
    expect(newEmail).toHaveLength(255)
    const asked = await callAuth('/email-otp/request-email-change', { newEmail }, as(visitor.cookie))
    expect(asked.status).toBe(400)
    expect(await codeIn(asked)).toBe('VALIDATION_ERROR')
  })

  it('sends a code to the new address, and changes it only once that code is given', async () => {
    const visitor = await signedIn(mailbox)
    const newEmail = uniqueEmail('new')
    const since = mailbox.messages.length
    const asked = await callAuth('/email-otp/request-email-change', { newEmail }, as(visitor.cookie))
    expect(asked.status).toBe(200)
    const mail = await mailbox.waitFor(newEmail, { since })
    expect(mail.subject).toMatch(/confirm this address/)
    // Nothing changes before the code is given, nor with a wrong one.
    expect(await emailOf(visitor.email)).toBe(1)
    const wrong = await callAuth(
      '/email-otp/change-email',
      { newEmail, otp: codeOf(mail) === '000000' ? '111111' : '000000' },
      as(visitor.cookie),
    )
    expect(await codeIn(wrong)).toBe('INVALID_OTP')
    expect(await emailOf(newEmail)).toBe(0)

    const changed = await callAuth(
      '/email-otp/change-email',
      { newEmail, otp: codeOf(mail) },
      as(visitor.cookie),
    )
    expect(changed.status).toBe(200)
    const [row] = await (await db()).select().from(schema.user).where(eq(schema.user.email, newEmail))
    expect(row?.emailVerified).toBe(true)
    expect(await emailOf(visitor.email)).toBe(0)
    // The session goes on, under the new address.
    const session = await (
      await auth()
    ).api.getSession({
      headers: new Headers({ cookie: cookieFrom(changed) || visitor.cookie }),
    })
    expect(session?.user.email).toBe(newEmail)
  })

  it('refuses an address another account holds, at once and without sending anything', async () => {
    const visitor = await signedIn(mailbox)
    const other = await signedIn(mailbox)
    const since = mailbox.messages.length
    const response = await callAuth(
      '/email-otp/request-email-change',
      { newEmail: other.email },
      as(visitor.cookie),
    )
    expect(response.status).toBe(422)
    expect(await codeIn(response)).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')
    expect(mailbox.messages.slice(since).filter((mail) => mail.to === other.email)).toEqual([])
  })

  it('refuses the current address, and any change while impersonating, with EMAIL_CAN_NOT_BE_UPDATED', async () => {
    const visitor = await signedIn(mailbox)
    const same = await callAuth(
      '/email-otp/request-email-change',
      { newEmail: visitor.email.toUpperCase() },
      as(visitor.cookie),
    )
    expect(await codeIn(same)).toBe('EMAIL_CAN_NOT_BE_UPDATED')

    const admin = await signedIn(mailbox, { role: 'admin' })
    const target = await (await auth()).api.getSession({ headers: visitor.headers })
    const impersonation = await callAuth(
      '/admin/impersonate-user',
      { userId: target?.user.id },
      as(admin.cookie),
    )
    const asImpersonator = as(cookieFrom(impersonation))
    const refused = await callAuth(
      '/email-otp/request-email-change',
      { newEmail: uniqueEmail() },
      asImpersonator,
    )
    expect(refused.status).toBe(400)
    expect(await codeIn(refused)).toBe('EMAIL_CAN_NOT_BE_UPDATED')
  })

  it('offers no other way: the profile update and better-auth’s link-based change refuse an e-mail', async () => {
    const visitor = await signedIn(mailbox)
    const newEmail = uniqueEmail()
    // A field /update-user does not take.
    const viaUpdate = await callAuth('/update-user', { email: newEmail }, as(visitor.cookie))
    expect(await codeIn(viaUpdate)).toBe('VALIDATION_ERROR')
    const viaLink = await callAuth('/change-email', { newEmail }, as(visitor.cookie))
    expect(viaLink.ok).toBe(false)
    expect(await emailOf(newEmail)).toBe(0)
  })

  it('needs a session', async () => {
    const response = await callAuth('/email-otp/request-email-change', { newEmail: uniqueEmail() })
    expect(response.status).toBe(401)
  })
})
