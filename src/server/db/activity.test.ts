import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withRequestContext, setRequestUser } from '~/server/request-context'

import { type Database, openDatabase, schema } from './index'
import { removeOldActivity } from './activity'
import { seed } from './seed'

const { activity, book, genre } = schema

/** Runs `work` as a request by `userId` from a known address and browser. */
const asRequest = <T>(userId: string | undefined, work: () => Promise<T>, impersonatedBy?: string) =>
  withRequestContext(
    crypto.randomUUID(),
    async () => {
      if (userId) setRequestUser(userId, impersonatedBy)
      return work()
    },
    { ipAddress: '203.0.113.7', userAgent: 'Tester/1.0' },
  )

const drivers: Array<[string, () => Database]> = [['PGlite', () => openDatabase({ pgliteDir: 'memory://' })]]
if (process.env.DATABASE_URL)
  drivers.push(['PostgreSQL', () => openDatabase({ url: process.env.DATABASE_URL })])

describe.each(drivers)('the activity log on %s', (_name, open) => {
  let database: Database
  beforeAll(async () => {
    database = open()
    await database.migrate()
    await seed(database.db)
  })
  afterAll(() => database.close())

  const entriesOf = (entityId: string) =>
    database.db
      .select()
      .from(activity)
      .where(eq(activity.entityId, entityId))
      .orderBy(desc(activity.at), desc(activity.action))

  it('records who changed a row, from where, and each field from what to what, in the same transaction', async () => {
    const [someGenre] = await database.db.select({ id: genre.id }).from(genre).limit(1)
    const actor = `actor-${crypto.randomUUID()}`
    const title = `Logged ${crypto.randomUUID()}`
    const [created] = await asRequest(actor, () =>
      database.db
        .insert(book)
        .values({ title, author: 'Ann', genreId: someGenre!.id })
        .returning({ id: book.id }),
    )
    const id = created!.id
    await asRequest(actor, () => database.db.update(book).set({ author: 'Bea' }).where(eq(book.id, id)))
    // A statement changing nothing records nothing.
    await asRequest(actor, () => database.db.update(book).set({ author: 'Bea' }).where(eq(book.id, id)))
    await asRequest(actor, () =>
      database.db.transaction(async (tx) => {
        await tx.update(book).set({ publisher: 'Penguin' }).where(eq(book.id, id))
      }),
    )
    const entries = await entriesOf(id)
    expect(entries.map((entry) => entry.action).toSorted()).toEqual(['create', 'update', 'update'])
    const create = entries.find((entry) => entry.action === 'create')!
    expect(create).toMatchObject({
      actorId: actor,
      entity: 'book',
      ipAddress: '203.0.113.7',
      userAgent: 'Tester/1.0',
    })
    expect(create.changes).toMatchObject({ title: [null, title], author: [null, 'Ann'] })
    expect(create.changes).not.toHaveProperty('id')
    expect(create.changes).not.toHaveProperty('search')
    const changes = entries.filter((entry) => entry.action === 'update').map((entry) => entry.changes)
    expect(changes).toContainEqual({ author: ['Ann', 'Bea'] })
    expect(changes).toContainEqual({ publisher: [null, 'Penguin'] })
  })

  it('keeps no entry of a change that failed', async () => {
    const [someGenre] = await database.db.select({ id: genre.id }).from(genre).limit(1)
    const title = `Rolled back ${crypto.randomUUID()}`
    await expect(
      asRequest('someone', () =>
        database.db.transaction(async (tx) => {
          await tx.insert(book).values({ title, author: 'Cy', genreId: someGenre!.id })
          throw new Error('changed my mind')
        }),
      ),
    ).rejects.toThrow('changed my mind')
    const found = await database.db
      .select()
      .from(activity)
      .where(and(eq(activity.entity, 'book'), sql`${activity.changes} -> 'title' ->> 1 = ${title}`))
    expect(found).toEqual([])
  })

  it('refuses to change an entry, and removes the ones past the retention', async () => {
    const [entry] = await database.db.select({ id: activity.id }).from(activity).limit(1)
    expect(entry).toBeDefined()
    await expect(
      database.db.update(activity).set({ action: 'nothing' }).where(eq(activity.id, entry!.id)),
    ).rejects.toThrow()
    await database.db.execute(sql`alter table activity disable trigger activity_unchanged`)
    await database.db
      .update(activity)
      .set({ at: sql`now() - interval '400 days'` })
      .where(eq(activity.id, entry!.id))
    await database.db.execute(sql`alter table activity enable trigger activity_unchanged`)
    expect(await removeOldActivity(database.db, 365)).toBeGreaterThanOrEqual(1)
    expect(await database.db.select().from(activity).where(eq(activity.id, entry!.id))).toEqual([])
  })
})
