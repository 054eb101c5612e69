import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { afterAll, describe, expect, inject, it } from 'vitest'

import { openDatabase } from '.'
import { preparing } from './prepared'
import * as schema from './schema'

/** This run's PostgreSQL database, when the suite runs on PostgreSQL. */
const databaseUrl = inject('databaseUrl')
// One connection, so its prepared statements can be listed.
const client = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : undefined
afterAll(() => client?.end())

// PostgreSQL only, because PGlite has no prepared statements.
describe.runIf(client)('queries through the app’s PostgreSQL client', () => {
  const db = client && drizzle({ client: preparing(client), schema, casing: 'snake_case' })
  const preparedLike = async (runner: Pick<NonNullable<typeof db>, 'execute'>, text: string) => {
    const rows = await runner.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${text}%`}`,
    )
    return rows[0]?.n ?? 0
  }

  it('are prepared once per connection and text, then only bound and executed, in transactions too', async () => {
    if (!db) throw new Error('no database')
    const byName = (name: string) => db.select().from(schema.genre).where(eq(schema.genre.name, name))
    await byName('no such genre')
    await byName('none either')
    expect(await preparedLike(db, 'from "genre" where "genre"."name" = $1')).toBe(1)

    await db.transaction(async (tx) => {
      await tx.select().from(schema.book).where(eq(schema.book.author, 'nobody'))
      expect(await preparedLike(tx, 'from "book" where "book"."author" = $1')).toBe(1)
    })
  })

  it('are what the app’s database opens with', async () => {
    const database = openDatabase({ url: databaseUrl })
    try {
      // One transaction uses one connection, so its statements can be listed.
      await database.db.transaction(async (tx) => {
        await tx.select().from(schema.genre).where(eq(schema.genre.id, 'no such genre'))
        expect(await preparedLike(tx, 'from "genre" where "genre"."id" = $1')).toBe(1)
      })
    } finally {
      await database.close()
    }
  })
})
