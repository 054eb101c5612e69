/**
 * Search stays on indexes at 100,000 books: the plans of the list and count queries, for
 * selective and unselective terms of both kinds, never scan the book table sequentially.
 */
import { type SQLWrapper, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Database, type Db, type Tx } from '~/server/db'
import { preferIndexes } from '~/server/db/fast-search'
import { isolatedDatabase } from '~/test/fresh-database'

import { books } from './book.server'

let isolated: Awaited<ReturnType<typeof isolatedDatabase>>
let database: Database

beforeAll(async () => {
  isolated = await isolatedDatabase('folio_explain')
  database = isolated.database
  // 100,000 books in ten series of 10% each, a thousand authors, and a rare few.
  await database.db.execute(sql`
    insert into book (id, title, author, genre_id)
    select gen_random_uuid()::text,
           (array['Dune','Foundation','Hyperion','Solaris','Neuromancer',
             'Ubik','Kindred','Dhalgren','Babel','Piranesi'])[1 + n % 10] || ' volume ' || n,
           'Author ' || (n % 1000),
           (select id from genre order by name limit 1)
    from generate_series(1, 99980) as n`)
  await database.db.execute(sql`
    insert into book (id, title, author, genre_id)
    select gen_random_uuid()::text, 'Kyoto notebook ' || n, 'Writer ' || n, (select id from genre order by name limit 1)
    from generate_series(1, 20) as n`)
  await database.db.execute(sql`analyze book`)
}, 180_000)

afterAll(async () => {
  await isolated?.close()
})

/** The plan of a query, run the way listBooks runs it (walks as they are, the rest preferring indexes). */
async function plan(query: SQLWrapper, counted: boolean) {
  const explain = (runner: Pick<Db, 'execute'> | Tx) =>
    runner.execute<Record<string, string>>(sql`explain ${query}`)
  const result = await (counted ? preferIndexes(database.db, explain) : explain(database.db))
  // postgres-js answers rows, PGlite an object holding them.
  const rows = Array.isArray(result)
    ? result
    : (result as unknown as { rows: Array<Record<string, string>> }).rows
  return rows.map((row) => Object.values(row)[0]).join('\n')
}

describe('book search at 100,000 rows', () => {
  it.each([
    ['a selective trigram term', 'volume 4242'],
    ['an unselective trigram term', 'hyperion'],
    ['a selective prefix', 'ky'],
    ['an unselective prefix', 'ne'],
  ])('%s (%s) never scans book sequentially', async (_label, term) => {
    const queries = books.queries(database.db, { searchTerm: term }, 20)
    expect(await plan(queries.walk, false)).not.toMatch(/Seq Scan on "?book"? /)
    expect(await plan(queries.matchFirst, true)).not.toMatch(/Seq Scan on "?book"? /)
    expect(await plan(queries.total, true)).not.toMatch(/Seq Scan on "?book"? /)
  })

  it.each([
    ['a trigram term', 'ubik'],
    ['a prefix', 'ub'],
  ])(
    'walks a bounded stretch of the title index, then matches first (%s at the end of title order)',
    async (_label, term) => {
      const queries = books.queries(database.db, { searchTerm: term }, 20)
      // The walk stops at the end of its stretch, whatever it found...
      expect(await plan(queries.walk, false)).toMatch(/Index Cond: \(ROW\(title, id\) <= ROW\(/)
      // ...and matching first goes through the search's indexes, not title order.
      const matchFirst = await plan(queries.matchFirst, true)
      expect(matchFirst).toMatch(/Bitmap Index Scan on book_(search_trgm|title_prefix)_idx/)
      expect(matchFirst).not.toMatch(/Index Scan using book_title_id_idx/)
    },
  )
})
