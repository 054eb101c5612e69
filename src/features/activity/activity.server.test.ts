import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { createBook, deleteBook, setBookCover, updateBook } from '~/features/book/book.server'
import { createGenre } from '~/features/genre/genre.server'
import {
  banUser,
  createUser,
  removeUser,
  revokeUserSession,
  setUserPicture,
  unbanUser,
  updateUser,
} from '~/features/user/user.server'
import { auth } from '~/server/auth'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { withRequestContext } from '~/server/request-context'
import { getSession } from '~/server/session'
import { callAuth, cookieFrom, mailboxForTests, signedIn } from '~/test/auth-helpers'

import { itemHistory, listActivity } from './activity.server'

const mailbox = mailboxForTests()

const client = {
  ipAddress: '198.51.100.4',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
}

/** Runs `work` as a request carrying `headers`' session, as a server function does once authorized. */
const asRequest = <T>(headers: Headers | undefined, work: () => Promise<T>) =>
  withRequestContext(
    crypto.randomUUID(),
    async () => {
      if (headers) await getSession(headers)
      return work()
    },
    client,
  )

const entriesAbout = async (entity: string, entityId: string) =>
  (await db())
    .select()
    .from(schema.activity)
    .where(and(eq(schema.activity.entity, entity), eq(schema.activity.entityId, entityId)))

const idOf = async (headers: Headers) => (await (await auth()).api.getSession({ headers }))!.user.id

describe('the activity log records every kind of change, in its transaction', () => {
  it('books and their covers, and genres: who, from where, each field from what to what', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const adminId = await idOf(admin.headers)
    const genre = await asRequest(admin.headers, () => createGenre({ name: `Logged ${crypto.randomUUID()}` }))
    const title = `Audited ${crypto.randomUUID()}`
    const values = { title, author: 'Ann Author', genreId: genre.id, publisher: '' }
    const { id } = await asRequest(admin.headers, () => createBook(values))
    await asRequest(admin.headers, () => updateBook(id, { ...values, author: 'Bea Author' }))
    await asRequest(admin.headers, () => setBookCover(id, 'a'.repeat(16)))
    // A failed change leaves no entry: the same title and author again is refused.
    await expect(
      asRequest(admin.headers, () => createBook({ ...values, author: 'Bea Author' })),
    ).rejects.toThrow()
    await asRequest(admin.headers, () => deleteBook(id))

    const entries = await entriesAbout('book', id)
    expect(entries.map((entry) => entry.action).toSorted()).toEqual(['create', 'delete', 'update', 'update'])
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorId: adminId,
        ipAddress: client.ipAddress,
        userAgent: client.userAgent,
        label: title,
      })
    const changes = entries.filter((entry) => entry.action === 'update').map((entry) => entry.changes)
    expect(changes).toContainEqual({ author: ['Ann Author', 'Bea Author'] })
    expect(changes).toContainEqual({ cover: [null, 'a'.repeat(16)] })
    expect(await entriesAbout('genre', genre.id)).toMatchObject([{ action: 'create', actorId: adminId }])
    // Only the refused book's title: nothing else was written with it.
    const history = await itemHistory({ entity: 'book', id })
    expect(history).toHaveLength(4)
    expect(history[0]).toMatchObject({
      action: 'delete',
      actorName: expect.any(String),
      device: { browser: 'Chrome', os: 'Linux' },
    })
  })

  it('people: made, renamed, role, ban and unban, picture, sessions revoked, impersonation, deletion; never a token', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const adminId = await idOf(admin.headers)
    const person = await signedIn(mailbox)
    const personId = await idOf(person.headers)
    await asRequest(person.headers, () => setUserPicture(personId, 'b'.repeat(16)))
    await asRequest(admin.headers, () =>
      updateUser(admin.headers, personId, { name: 'Renamed Person', email: person.email, role: 'admin' }),
    )
    await asRequest(admin.headers, () => banUser(admin.headers, { id: personId, reason: 'Spam' }))
    await asRequest(admin.headers, () => unbanUser(admin.headers, personId))
    // Back to a user, whom an admin may impersonate.
    await asRequest(admin.headers, () =>
      updateUser(admin.headers, personId, { name: 'Renamed Person', email: person.email, role: 'user' }),
    )

    // An impersonation started by the admin, and stopped as the person impersonated.
    const started = await asRequest(undefined, () =>
      callAuth('/admin/impersonate-user', { userId: personId }, { headers: { cookie: admin.cookie } }),
    )
    expect(started.status).toBe(200)
    const stopped = await asRequest(undefined, () =>
      callAuth('/admin/stop-impersonating', {}, { headers: { cookie: cookieFrom(started) } }),
    )
    expect(stopped.status).toBe(200)

    // A second session of theirs, revoked by the admin.
    const again = await signedIn(mailbox, { email: person.email })
    const sessionId = (await (await auth()).api.getSession({ headers: again.headers }))!.session.id
    await asRequest(admin.headers, () => revokeUserSession(admin.headers, personId, sessionId))

    const made = await asRequest(admin.headers, () =>
      createUser(admin.headers, {
        name: 'Short Lived',
        email: `short-${crypto.randomUUID().slice(0, 8)}@example.test`,
        role: 'user',
      }),
    )
    await asRequest(admin.headers, () => removeUser(admin.headers, made.id))

    const about = await (
      await db()
    )
      .select()
      .from(schema.activity)
      .where(eq(schema.activity.ownerId, personId))
    const actions = about.map((entry) => [entry.action, entry.actorId, entry.impersonatorId])
    expect(actions).toContainEqual(['create', personId, null])
    expect(actions).toContainEqual(['signIn', personId, null])
    expect(actions).toContainEqual(['setRole', adminId, null])
    expect(actions).toContainEqual(['ban', adminId, null])
    expect(actions).toContainEqual(['unban', adminId, null])
    expect(actions).toContainEqual(['update', personId, null])
    expect(actions).toContainEqual(['impersonate', adminId, null])
    expect(actions).toContainEqual(['stopImpersonating', personId, adminId])
    expect(actions).toContainEqual(['revoke', adminId, null])
    const roleChange = about.find((entry) => entry.action === 'setRole' && entry.changes.name)!
    expect(roleChange.changes).toMatchObject({
      role: ['user', 'admin'],
      name: [expect.any(String), 'Renamed Person'],
    })
    expect(about.find((entry) => entry.action === 'ban')!.changes).toMatchObject({
      banned: [false, true],
      ban_reason: [null, 'Spam'],
    })
    // A session's token is never recorded.
    for (const entry of about) {
      expect(entry.changes).not.toHaveProperty('token')
      expect(JSON.stringify(entry.changes)).not.toContain(again.cookie.split('=')[1]?.split('.')[0])
    }
    const made2 = (await entriesAbout('user', made.id)).map((entry) => [entry.action, entry.actorId])
    expect(made2).toEqual(
      expect.arrayContaining([
        ['create', adminId],
        ['delete', adminId],
      ]),
    )
  })

  it('a table added later is recorded without code of its own once migrations run', async () => {
    const database = await db()
    const table = `gadget_${crypto.randomUUID().slice(0, 8)}`
    await database.execute(`create table "${table}" (id text primary key, name text not null)` as never)
    const { recordActivityOfTables } = await import('~/server/db/activity')
    await recordActivityOfTables(database)
    await asRequest(undefined, () =>
      database.execute(`insert into "${table}" (id, name) values ('g1', 'Gizmo')` as never),
    )
    expect(await entriesAbout(table, 'g1')).toMatchObject([
      { action: 'create', label: 'Gizmo', changes: { name: [null, 'Gizmo'] } },
    ])
    await database.execute(`drop table "${table}"` as never)
  })
})

describe('the activity list', () => {
  it('is newest first and filters by person, kind of item, action and period', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const adminId = await idOf(admin.headers)
    const genre = await asRequest(admin.headers, () => createGenre({ name: `Listed ${crypto.randomUUID()}` }))
    const page = await listActivity({
      searchTerm: '',
      person: adminId,
      entity: 'genre',
      action: 'create',
      period: '7d',
    })
    expect(page.items[0]).toMatchObject({ entityId: genre.id, actorId: adminId })
    for (const entry of page.items) expect(entry).toMatchObject({ entity: 'genre', action: 'create' })
    const all = await listActivity({ searchTerm: '' })
    const times = all.items.map((entry) => new Date(entry.at).getTime())
    expect(times).toEqual(times.toSorted((a, b) => b - a))
    expect(
      (await listActivity({ searchTerm: genre.name.slice(7) })).items.map((entry) => entry.entityId),
    ).toEqual([genre.id])
  })
})
