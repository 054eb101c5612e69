import { describe, expect, it, vi } from 'vitest'

import { mailboxForTests, signedIn } from '~/test/auth-helpers'
import { HttpError } from '~/lib/http-error'

import { auth } from './auth'
import { authorize, getSession } from './session'

const mailbox = mailboxForTests()

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof HttpError ? error.status : 500),
  )

describe('authorize: the permission check every server function runs', () => {
  it('answers 401 without a session and 401 for a forged cookie', async () => {
    expect(await statusOf(authorize(new Headers(), { genre: ['read'] }))).toBe(401)
    const forged = new Headers({ cookie: 'better-auth.session_token=forged.signature' })
    expect(await statusOf(authorize(forged, { genre: ['read'] }))).toBe(401)
  })

  it('does not ask better-auth (nor the database) about a request without a session cookie', async () => {
    const instance = await auth()
    const { name } = (await instance.$context).authCookies.sessionToken
    const asked = vi.spyOn(instance.api, 'getSession')
    try {
      expect(await getSession(new Headers({ cookie: 'i18next=fr; theme=dark' }))).toBeNull()
      expect(asked).not.toHaveBeenCalled()
      const forged = new Headers({ cookie: `i18next=fr; ${name}=forged.signature` })
      expect(await getSession(forged)).toBeNull()
      expect(asked).toHaveBeenCalledOnce()
    } finally {
      asked.mockRestore()
    }
  })

  it('answers 403 when the role lacks the right, and passes when it has it', async () => {
    const user = await signedIn(mailbox)
    expect(await statusOf(authorize(user.headers, { genre: ['read'] }))).toBe(200)
    expect(await statusOf(authorize(user.headers, { apps: ['manager'] }))).toBe(403)
    expect(await statusOf(authorize(user.headers, { book: ['create'] }))).toBe(403)

    const admin = await signedIn(mailbox, { role: 'admin' })
    expect(await statusOf(authorize(admin.headers, { apps: ['manager'], book: ['create'] }))).toBe(200)
  })

  it('grants a comma-separated role every right any of its roles grants', async () => {
    const both = await signedIn(mailbox, { role: 'user,admin' })
    const session = await authorize(both.headers, { apps: ['manager'] })
    expect(session.user.email).toBe(both.email)
  })
})
