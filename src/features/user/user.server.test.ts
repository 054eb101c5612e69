import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HttpError } from '~/lib/http-error'
import { auth } from '~/server/auth'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { withDbErrors } from '~/server/db/errors'
import { callAuth, cookieFrom, mailboxForTests, signedIn } from '~/test/auth-helpers'
import { isolatedDatabase } from '~/test/fresh-database'
import { everyPage } from '~/test/pages'

import {
  banUser,
  createUser,
  listUserSessions,
  listUsers,
  revokeUserSession,
  shortenToken,
  unbanUser,
  updateUser,
} from './user.server'

const mailbox = mailboxForTests()

const marker = () => `zq${crypto.randomUUID().slice(0, 8)}`

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof HttpError ? { status: error.status, code: error.code, field: error.field } : error,
  )

async function answer(response: Response) {
  const body = (await response.json().catch(() => ({}))) as { code?: string }
  return { status: response.status, code: body.code }
}

describe('the user list', () => {
  it('pages through equal names showing every user exactly once, searching name and e-mail', async () => {
    const tag = marker()
    const users = Array.from({ length: 12 }, (_, index) => ({
      id: crypto.randomUUID(),
      name: `Twin ${tag}`,
      email: `twin-${index}-${tag}@example.test`,
      role: 'user',
    }))
    await (await db()).insert(schema.user).values(users)
    const pages = await everyPage((cursor) => listUsers({ searchTerm: tag.toUpperCase(), cursor }, 5))
    for (const page of pages) expect(page.total).toBe(12)
    const seen = pages.flatMap((page) => page.items.map((item) => item.id))
    expect(seen.toSorted()).toEqual(users.map((user) => user.id).toSorted())

    const byEmail = await listUsers({ searchTerm: `twin-3-${tag}` })
    expect(byEmail.items.map((user) => user.email)).toEqual([`twin-3-${tag}@example.test`])
  })
})

describe('the user list’s filters and sorts', () => {
  it('keeps a role, a status or a recent sign-in, counting only what it keeps; sorts by name or joining', async () => {
    const tag = marker()
    const database = await db()
    const person = (name: string, role: string, banned: boolean, minute: number) => ({
      id: crypto.randomUUID(),
      name: `${name} ${tag}`,
      email: `${name.toLowerCase()}-${tag}@example.test`,
      role,
      banned,
      createdAt: new Date(Date.UTC(2021, 0, 1, 0, minute)),
    })
    const [ada, bob, cyd] = [
      person('Ada', 'admin', false, 2),
      person('Bob', 'user', true, 1),
      person('Cyd', 'user,admin', false, 0),
    ]
    await database.insert(schema.user).values([ada!, bob!, cyd!])
    // Ada was seen today; Cyd's only session was last used 40 days ago.
    const day = 24 * 60 * 60 * 1000
    await database.insert(schema.session).values(
      [
        [ada!, 0],
        [cyd!, 40],
      ].map(([user, daysAgo]) => ({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId: (user as { id: string }).id,
        createdAt: new Date(Date.now() - (daysAgo as number) * day),
        updatedAt: new Date(Date.now() - (daysAgo as number) * day),
        expiresAt: new Date(Date.now() + day),
      })),
    )
    const names = async (view: Partial<Parameters<typeof listUsers>[0]>) => {
      const page = await listUsers({ searchTerm: tag, ...view })
      expect(page.total).toBe(page.items.length)
      return page.items.map((user) => user.name.split(' ')[0])
    }
    expect(await names({})).toEqual(['Ada', 'Bob', 'Cyd'])
    expect(await names({ role: 'admin' })).toEqual(['Ada', 'Cyd'])
    expect(await names({ role: 'user' })).toEqual(['Bob', 'Cyd'])
    expect(await names({ status: 'banned' })).toEqual(['Bob'])
    expect(await names({ status: 'active', role: 'admin' })).toEqual(['Ada', 'Cyd'])
    expect(await names({ seen: '30d' })).toEqual(['Ada'])
    expect(await names({ seen: '90d' })).toEqual(['Ada', 'Cyd'])
    expect(await names({ sort: 'createdAt' })).toEqual(['Cyd', 'Bob', 'Ada'])
    expect(await names({ sort: 'name', desc: true })).toEqual(['Cyd', 'Bob', 'Ada'])
  })
})

describe('the user list’s status and last seen', () => {
  it("says whether each person is banned, and when they were last seen: their latest session's last request", async () => {
    const tag = marker()
    const database = await db()
    const day = 24 * 60 * 60 * 1000
    const person = (name: string, banned = false) => ({
      id: crypto.randomUUID(),
      name: `${name} ${tag}`,
      email: `${name.toLowerCase()}-${tag}@example.test`,
      banned,
      banExpires: banned ? new Date(Date.now() + 3 * day) : null,
    })
    const [ann, ben, cat, dan] = [person('Ann'), person('Ben', true), person('Cat'), person('Dan')]
    await database.insert(schema.user).values([ann!, ben!, cat!, dan!])
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day)
    const sessionOf = (user: { id: string }, began: number, used: number, expired: boolean, by?: string) => ({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      userId: user.id,
      createdAt: at(began),
      updatedAt: at(used),
      expiresAt: expired ? at(used - 0.5) : new Date(Date.now() + day),
      impersonatedBy: by ?? null,
    })
    await database.insert(schema.session).values([
      // Ann: a session begun long ago but used yesterday, over now, and an older one.
      sessionOf(ann!, 20, 1, true),
      sessionOf(ann!, 30, 25, true),
      // Ben: one live session, used 3 days ago.
      sessionOf(ben!, 5, 3, false),
      // Cat: only an administrator acting as her, an hour ago.
      sessionOf(cat!, 0.05, 0.04, false, ann!.id),
    ])
    const page = await listUsers({ searchTerm: tag })
    const shown = Object.fromEntries(
      page.items.map((user) => [user.name.split(' ')[0], { banned: user.banned, lastSeen: user.lastSeen }]),
    )
    const near = (date: Date | null | undefined, daysAgo: number) =>
      Math.abs((date?.getTime() ?? 0) - at(daysAgo).getTime()) < 60_000
    expect(shown.Ann?.banned).toBe(false)
    expect(shown.Ann?.lastSeen).toBeInstanceOf(Date)
    expect(near(shown.Ann?.lastSeen, 1)).toBe(true)
    expect(shown.Ben?.banned).toBe(true)
    expect(near(shown.Ben?.lastSeen, 3)).toBe(true)
    expect(shown.Cat?.lastSeen).toBeNull()
    expect(shown.Dan?.lastSeen).toBeNull()
    // The filter agrees with the column: seen within 7 days are Ann and Ben.
    const seen = await listUsers({ searchTerm: tag, seen: '7d' })
    expect(seen.items.map((user) => user.name.split(' ')[0])).toEqual(['Ann', 'Ben'])
    expect(seen.total).toBe(2)
  })
})

describe('administering users through the server functions', () => {
  it('creates and edits a user; a taken e-mail is refused on the e-mail field', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const email = `new-${marker()}@example.test`
    const { id } = await createUser(admin.headers, { name: 'New Person', email, role: 'user' })
    expect(
      await refusal(createUser(admin.headers, { name: 'Again', email: email.toUpperCase(), role: 'user' })),
    ).toEqual({ status: 409, code: 'user.emailTaken', field: 'email' })
    await updateUser(admin.headers, id, { name: 'Renamed', email: `renamed-${email}`, role: 'admin' })
    const [saved] = await (await db()).select().from(schema.user).where(eq(schema.user.id, id))
    expect(saved).toMatchObject({
      name: 'Renamed',
      email: `renamed-${email}`,
      role: 'admin',
      emailVerified: false,
    })
    expect(
      await refusal(updateUser(admin.headers, id, { name: 'Renamed', email: admin.email, role: 'admin' })),
    ).toEqual({ status: 409, code: 'user.emailTaken', field: 'email' })
  })

  it("shows a user's sessions with shortened tokens, and revokes one: its cookie is refused next time", async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const user = await signedIn(mailbox)
    const instance = await auth()
    const userSession = await instance.api.getSession({ headers: user.headers })
    const adminSession = await instance.api.getSession({ headers: admin.headers })
    if (!userSession || !adminSession) throw new Error('not signed in')

    const sessions = await listUserSessions(userSession.user.id, adminSession.session.id)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.token).toBe(shortenToken(userSession.session.token))
    expect(sessions[0]?.token).not.toContain(userSession.session.token.slice(4, -4))
    expect(sessions[0]?.current).toBe(false)
    expect((await listUserSessions(adminSession.user.id, adminSession.session.id))[0]?.current).toBe(true)

    await revokeUserSession(admin.headers, userSession.user.id, userSession.session.id)
    expect(await instance.api.getSession({ headers: user.headers })).toBeNull()
    expect(await instance.api.getSession({ headers: admin.headers })).not.toBeNull()
  })
})

describe("the admin rules hold on better-auth's own endpoints, over plain HTTP", () => {
  it('refuses anonymous callers (401) and users (403)', async () => {
    const user = await signedIn(mailbox)
    const target = await signedIn(mailbox)
    const [row] = await (await db()).select().from(schema.user).where(eq(schema.user.email, target.email))
    for (const path of [
      '/admin/ban-user',
      '/admin/remove-user',
      '/admin/revoke-user-sessions',
      '/admin/impersonate-user',
    ]) {
      expect((await callAuth(path, { userId: row?.id })).status).toBe(401)
      expect(
        (await answer(await callAuth(path, { userId: row?.id }, { headers: { cookie: user.cookie } })))
          .status,
      ).toBe(403)
    }
  })

  it('nobody bans, deletes, impersonates, demotes or signs themself out from the manager', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const instance = await auth()
    const own = await instance.api.getSession({ headers: admin.headers })
    if (!own) throw new Error('not signed in')
    const userId = own.user.id
    const as = { headers: { cookie: admin.cookie } }
    const refusals: Array<[string, unknown, string]> = [
      ['/admin/ban-user', { userId, banReason: 'x' }, 'YOU_CANNOT_BAN_YOURSELF'],
      ['/admin/update-user', { userId, data: { banned: true } }, 'YOU_CANNOT_BAN_YOURSELF'],
      ['/admin/remove-user', { userId }, 'YOU_CANNOT_REMOVE_YOURSELF'],
      ['/admin/impersonate-user', { userId }, 'YOU_CANNOT_IMPERSONATE_YOURSELF'],
      ['/admin/set-role', { userId, role: 'user' }, 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE'],
      ['/admin/update-user', { userId, data: { role: 'user' } }, 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE'],
      ['/admin/revoke-user-sessions', { userId }, 'YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION'],
      [
        '/admin/revoke-user-session',
        { sessionToken: own.session.token },
        'YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION',
      ],
    ]
    for (const [path, body, code] of refusals) {
      expect({ path, ...(await answer(await callAuth(path, body, as))) }).toEqual({ path, status: 400, code })
    }
    const [still] = await (await db()).select().from(schema.user).where(eq(schema.user.id, userId))
    expect(still).toMatchObject({ role: 'admin', banned: false })
    expect(await instance.api.getSession({ headers: admin.headers })).not.toBeNull()

    // Their own name is theirs to edit.
    const renamed = await callAuth('/admin/update-user', { userId, data: { name: 'Self Edited' } }, as)
    expect(renamed.status).toBe(200)
  })

  it('an impersonation is marked as such and ends by itself within the hour', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const user = await signedIn(mailbox)
    const instance = await auth()
    const target = await instance.api.getSession({ headers: user.headers })
    const adminSession = await instance.api.getSession({ headers: admin.headers })
    const started = Date.now()
    const response = await callAuth(
      '/admin/impersonate-user',
      { userId: target?.user.id },
      { headers: { cookie: admin.cookie } },
    )
    expect(response.status).toBe(200)
    const impersonating = await instance.api.getSession({
      headers: new Headers({ cookie: cookieFrom(response) }),
    })
    expect(impersonating?.user.id).toBe(target?.user.id)
    expect(impersonating?.session.impersonatedBy).toBe(adminSession?.user.id)
    const lasts = new Date(impersonating?.session.expiresAt ?? 0).getTime() - started
    expect(lasts).toBeGreaterThan(0)
    expect(lasts).toBeLessThanOrEqual(60 * 60 * 1000 + 5_000)
  })

  it('a ban may end on a chosen day (the end of it, UTC) or last until lifted', async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const { id } = await createUser(admin.headers, {
      name: 'Banned Person',
      email: `banned-${marker()}@example.test`,
      role: 'user',
    })
    await banUser(admin.headers, { id, reason: 'Spam', until: '2999-12-31' })
    const [banned] = await (await db()).select().from(schema.user).where(eq(schema.user.id, id))
    expect(banned).toMatchObject({ banned: true, banReason: 'Spam' })
    expect(
      Math.abs((banned?.banExpires?.getTime() ?? 0) - Date.parse('2999-12-31T23:59:59.999Z')),
    ).toBeLessThan(2_000)
    await unbanUser(admin.headers, id)
    await banUser(admin.headers, { id, reason: 'Again' })
    const [forGood] = await (await db()).select().from(schema.user).where(eq(schema.user.id, id))
    expect(forGood).toMatchObject({ banned: true, banExpires: null })
  })

  it("a ban ends the user's sessions at once", async () => {
    const admin = await signedIn(mailbox, { role: 'admin' })
    const user = await signedIn(mailbox)
    const instance = await auth()
    const target = await instance.api.getSession({ headers: user.headers })
    const banned = await callAuth(
      '/admin/ban-user',
      { userId: target?.user.id, banReason: 'Spam' },
      { headers: { cookie: admin.cookie } },
    )
    expect(banned.status).toBe(200)
    expect(await instance.api.getSession({ headers: user.headers })).toBeNull()
  })
})

describe('the last administrator stays one, whoever asks (database rule)', () => {
  let isolated: Awaited<ReturnType<typeof isolatedDatabase>>

  // Its own database: the rule counts every administrator, and other files add some.
  beforeAll(async () => {
    isolated = await isolatedDatabase('folio_admins')
  })
  afterAll(() => isolated.close())

  it('refuses demoting, banning or deleting the last one, and lets one of two racing demotions through', async () => {
    const database = isolated.database.db
    const admins = [crypto.randomUUID(), crypto.randomUUID()]
    await database.insert(schema.user).values(
      admins.map((id, index) => ({
        id,
        name: `Admin ${index}`,
        email: `${id}@example.test`,
        role: 'admin',
      })),
    )
    await database
      .update(schema.user)
      .set({ role: 'user' })
      .where(sql`${schema.user.id} not in ${admins}`)

    const demote = (id: string) =>
      refusal(
        withDbErrors(() => database.update(schema.user).set({ role: 'user' }).where(eq(schema.user.id, id))),
      )
    const lastAdmin = { status: 409, code: 'THE_LAST_ADMIN_MUST_STAY', field: undefined }
    const results = await Promise.all(admins.map(demote))
    expect(results.filter((result) => result === undefined)).toHaveLength(1)
    expect(results.filter((result) => result !== undefined)).toEqual([lastAdmin])

    const [remaining] = await database
      .select()
      .from(schema.user)
      .where(inArray(schema.user.id, admins))
      .then((rows) => rows.filter((row) => row.role === 'admin'))
    if (!remaining) throw new Error('no administrator left')
    expect(await demote(remaining.id)).toEqual(lastAdmin)
    expect(
      await refusal(
        withDbErrors(() =>
          database.update(schema.user).set({ banned: true }).where(eq(schema.user.id, remaining.id)),
        ),
      ),
    ).toEqual(lastAdmin)
    expect(
      await refusal(withDbErrors(() => database.delete(schema.user).where(eq(schema.user.id, remaining.id)))),
    ).toEqual(lastAdmin)
    // A second administrator makes the first free to go.
    await database
      .update(schema.user)
      .set({ role: 'user,admin' })
      .where(
        eq(
          schema.user.id,
          admins.find((id) => id !== remaining.id)!,
        ),
      )
    expect(await demote(remaining.id)).toBeUndefined()
  })
})
