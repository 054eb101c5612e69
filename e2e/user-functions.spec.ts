import { expect, test } from '@playwright/test'

import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

const someone = { id: 'no-such-user' }
const input = { name: 'Matrix Person', email: 'matrix@example.test', role: 'user' }

/** Every user and session function, with a valid payload for it. */
const functions = [
  { fn: 'user--getUsers', method: 'GET', data: { searchTerm: '' } },
  { fn: 'user--getUserById', method: 'GET', data: someone },
  { fn: 'user--getUserSessions', method: 'GET', data: someone },
  { fn: 'user--postUser', method: 'POST', data: input },
  { fn: 'user--putUser', method: 'POST', data: { ...someone, user: input } },
  { fn: 'user--deleteUser', method: 'POST', data: someone },
  { fn: 'user--postBan', method: 'POST', data: { ...someone, reason: 'Spam' } },
  { fn: 'user--deleteBan', method: 'POST', data: someone },
  { fn: 'user--revokeSession', method: 'POST', data: { ...someone, sessionId: 'no-such-session' } },
  { fn: 'user--revokeSessions', method: 'POST', data: someone },
] as const

test.describe('user functions, signed out: 401', () => {
  for (const { fn, method, data } of functions)
    test(fn, async ({ request }) => {
      expect((await callServerFn(request, fn, method, data)).status()).toBe(401)
    })
})

test.describe('user functions, as a user: 403 (the user role has no user or session right)', () => {
  test.use({ storageState: storageStateOf('user') })
  for (const { fn, method, data } of functions)
    test(fn, async ({ request }) => {
      expect((await callServerFn(request, fn, method, data)).status()).toBe(403)
    })
})

test.describe('user functions, as an admin: allowed', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('lists, creates, reads, edits, bans, unbans, revokes and deletes', async ({ request }) => {
    const tag = crypto.randomUUID().slice(0, 8)
    const email = `matrix-${tag}@example.test`
    const created = await callServerFn(request, 'user--postUser', 'POST', { ...input, email })
    expect(created.status()).toBe(200)
    const { id } = await resultOf<{ id: string }>(created)

    const list = await callServerFn(request, 'user--getUsers', 'GET', { searchTerm: tag })
    expect((await resultOf<{ items: { id: string }[] }>(list)).items.map((user) => user.id)).toEqual([id])
    const read = await callServerFn(request, 'user--getUserById', 'GET', { id })
    expect(await resultOf<{ email: string }>(read)).toMatchObject({ email })
    const sessions = await callServerFn(request, 'user--getUserSessions', 'GET', { id })
    expect(await resultOf<unknown[]>(sessions)).toEqual([])

    const steps = [
      ['user--putUser', { id, user: { ...input, email, name: 'Edited' } }, 200],
      ['user--postBan', { id, reason: 'Spam', until: '2999-01-01' }, 200],
      ['user--deleteBan', { id }, 200],
      ['user--revokeSessions', { id }, 200],
      ['user--revokeSession', { id, sessionId: 'no-such-session' }, 404],
      ['user--deleteUser', { id }, 200],
    ] as const
    for (const [fn, data, status] of steps)
      expect({ fn, status: (await callServerFn(request, fn, 'POST', data)).status() }).toEqual({ fn, status })
    expect((await callServerFn(request, 'user--getUserById', 'GET', { id })).status()).toBe(404)
  })

  test('invalid input is refused with 400 and writes nothing', async ({ request }) => {
    const tag = crypto.randomUUID().slice(0, 8)
    for (const invalid of [
      { name: '', email: `a-${tag}@example.test`, role: 'user' },
      { name: 'Name', email: `not-an-email-${tag}`, role: 'user' },
      { name: 'Name', email: `b-${tag}@example.test`, role: 'owner' },
      // Longer than an address (254 characters) or a name (100) may be.
      { name: 'Name', email: `c-${tag}-${'x'.repeat(240)}@example.test`, role: 'user' },
      { name: 'N'.repeat(101), email: `d-${tag}@example.test`, role: 'user' },
    ])
      expect((await callServerFn(request, 'user--postUser', 'POST', invalid)).status()).toBe(400)
    const list = await callServerFn(request, 'user--getUsers', 'GET', { searchTerm: tag })
    expect((await resultOf<{ total: number }>(list)).total).toBe(0)
  })
})
