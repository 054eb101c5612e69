/** The fast search on a test table of notes: it pages and counts like a plain query, using its indexes. */
import { asc, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isolatedDatabase } from '~/test/fresh-database'
import { everyPage } from '~/test/pages'

import { fastSearch, PerVersion, preferIndexes } from './fast-search'
import type { Db, Tx } from './index'

const note = pgTable(
  'note',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    body: text().notNull(),
    search: text().generatedAlwaysAs(sql`lower(name || ' ' || body)`),
  },
  (t) => [
    index('note_name_id_idx').on(t.name, t.id),
    index('note_body_id_idx').on(t.body, t.id),
    index('note_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
    index('note_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
)

/** A many-to-many: the shelves a note is on. */
const noteShelf = pgTable('note_shelf', { noteId: text().notNull(), shelf: text().notNull() }, (t) => [
  primaryKey({ columns: [t.shelf, t.noteId] }),
])

let isolated: Awaited<ReturnType<typeof isolatedDatabase>>
let database: Db
let version = 1

const notes = fastSearch({
  table: note,
  sorts: { name: note.name, body: note.body },
  filters: {
    body: (body) => eq(note.body, body),
    // A related id: the notes on a shelf, through the join table.
    shelf: (shelf) =>
      inArray(
        note.id,
        sql`(select ${noteShelf.noteId} from ${noteShelf} where ${noteShelf.shelf} = ${shelf})`,
      ),
  },
  text: note.search,
  prefixes: [note.name],
  rows: (db) => db.select({ id: note.id, name: note.name, body: note.body }).from(note).$dynamic(),
  version: () => Promise.resolve(version),
})

beforeAll(async () => {
  isolated = await isolatedDatabase('folio_fast_search')
  database = isolated.database.db
  await database.execute(sql`
    create table note (
      id text primary key,
      name text not null,
      body text not null,
      search text generated always as (lower(name || ' ' || body)) stored)`)
  await database.execute(sql`create index note_name_id_idx on note (name, id)`)
  await database.execute(sql`create index note_body_id_idx on note (body, id)`)
  await database.execute(sql`create index note_search_trgm_idx on note using gin (search gin_trgm_ops)`)
  await database.execute(sql`create index note_name_prefix_idx on note (lower(name) text_pattern_ops)`)
  // 50,000 notes in ten equal series ('Walnut' last by name), plus a few rare ones.
  await database.execute(sql`
    insert into note (id, name, body)
    select 'n' || n, (array['Acorn','Birch','Cedar','Dogwood','Elm','Fir','Hazel','Larch','Maple','Walnut'])[1 + n % 10]
             || ' ' || n, 'Body ' || (n % 500)
    from generate_series(1, 50000) as n`)
  await database.execute(
    sql`insert into note (id, name, body) values ('r1', 'Quokka', 'rare'), ('r2', 'quokka', 'rare')`,
  )
  // Every 7th note is on shelf 'seven', and note 7770 on 'rare' too.
  await database.execute(
    sql`create table note_shelf (note_id text not null, shelf text not null, primary key (shelf, note_id))`,
  )
  await database.execute(sql`
    insert into note_shelf (note_id, shelf)
    select 'n' || n, 'seven' from generate_series(7, 50000, 7) as n
    union all select 'n7770', 'rare'`)
  await database.execute(sql`analyze note`)
  await database.execute(sql`analyze note_shelf`)
}, 180_000)

afterAll(async () => {
  await isolated?.close()
})

/** A query's plan, run as the list runs it, with or without sequential scans discouraged. */
async function plan(query: SQLWrapper, indexesPreferred: boolean) {
  const explain = (runner: Db | Tx) => runner.execute<Record<string, string>>(sql`explain ${query}`)
  const result = await (indexesPreferred ? preferIndexes(database, explain) : explain(database))
  // postgres-js answers rows, PGlite an object holding them.
  const rows = Array.isArray(result)
    ? result
    : (result as unknown as { rows: Array<Record<string, string>> }).rows
  return rows.map((row) => Object.values(row)[0]).join('\n')
}

describe('fastSearch on a table of its own', () => {
  it('pages a common term in order, each match once, with its total; and a term found nowhere', async () => {
    const expected = await database
      .select({ id: note.id })
      .from(note)
      .where(sql`${note.search} like '%walnut%'`)
      .orderBy(asc(note.name), asc(note.id))
    const pages = await everyPage((cursor) => notes.page(database, { searchTerm: 'WALNUT', cursor }, 500), 20)
    expect(pages.map((page) => page.total)).toEqual(Array(10).fill(5000))
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected.map((row) => row.id))
    expect(await notes.page(database, { searchTerm: '%_\\' }, 10)).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    })
  })

  it('pages in another sort, descending, each match once in order', async () => {
    const expected = await database
      .select({ id: note.id })
      .from(note)
      .where(sql`${note.search} like '%walnut%'`)
      .orderBy(desc(note.body), desc(note.id))
    const read = (cursor?: string) =>
      notes.page(database, { searchTerm: 'walnut', sort: 'body', desc: true, cursor }, 700)
    const pages = await everyPage(read, 20)
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected.map((row) => row.id))
    // Without a search, the walk pages the whole table backwards from its end.
    const last = await database
      .select({ id: note.id })
      .from(note)
      .orderBy(desc(note.name), desc(note.id))
      .limit(20)
    const first = await notes.page(database, { searchTerm: '', desc: true }, 10)
    const second = await notes.page(database, { searchTerm: '', desc: true, cursor: first.nextCursor! }, 10)
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(last.map((row) => row.id))
  })

  it('keeps what a filter keeps, with the search, and counts only that', async () => {
    // 'Body 9' is every 500th note, all of them in the Walnut series.
    const read = (searchTerm: string) => (cursor?: string) =>
      notes.page(database, { searchTerm, body: 'Body 9', cursor }, 30)
    const filtered = await everyPage(read(''), 10)
    expect(filtered.map((page) => page.total)).toEqual([100, 100, 100, 100])
    const items = filtered.flatMap((page) => page.items)
    expect(items.every((item) => item.body === 'Body 9')).toBe(true)
    expect(new Set(items.map((item) => item.id)).size).toBe(100)
    expect((await notes.page(database, { searchTerm: 'walnut', body: 'Body 9' }, 10)).total).toBe(100)
    expect(await notes.page(database, { searchTerm: 'acorn', body: 'Body 9' }, 10)).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    })
    // Counts and first pages are kept per filter value, never shared between them.
    expect((await notes.page(database, { searchTerm: 'walnut', body: 'Body 19' }, 10)).items[0]?.body).toBe(
      'Body 19',
    )
  })

  it('keeps the items related to an id through a join table, and counts only those', async () => {
    const expected = await database
      .select({ id: note.id })
      .from(note)
      .innerJoin(noteShelf, eq(noteShelf.noteId, note.id))
      .where(sql`${noteShelf.shelf} = 'seven' and ${note.search} like '%walnut%'`)
      .orderBy(asc(note.name), asc(note.id))
    const pages = await everyPage(
      (cursor) => notes.page(database, { searchTerm: 'walnut', shelf: 'seven', cursor }, 200),
      20,
    )
    expect(pages.map((page) => page.total)).toEqual(Array(pages.length).fill(expected.length))
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected.map((row) => row.id))
    expect(await notes.page(database, { searchTerm: '', shelf: 'rare' }, 10)).toMatchObject({
      items: [{ id: 'n7770' }],
      total: 1,
    })
  })

  it('sorts through the index of the chosen column, in either direction', async () => {
    for (const descending of [false, true]) {
      const queries = notes.queries(database, { searchTerm: '', sort: 'body', desc: descending }, 20)
      expect(await plan(queries.walk, false)).toMatch(/Index Scan (Backward )?using note_body_id_idx/)
    }
  })

  it('refuses to sort by a column a cursor cannot page', () => {
    const loose = pgTable('loose', {
      id: text().primaryKey(),
      nickname: text(),
      seenAt: timestamp({ withTimezone: true }).notNull(),
    })
    const list = (sorts: Record<string, typeof loose.nickname | typeof loose.seenAt>) => () =>
      fastSearch({
        table: loose,
        sorts,
        text: loose.id,
        rows: (db) => db.select({ id: loose.id }).from(loose).$dynamic(),
      })
    expect(list({ nickname: loose.nickname })).toThrow(/cannot sort by nickname/)
    expect(list({ seenAt: loose.seenAt })).toThrow(/cannot sort by seenAt/)
  })

  it('finds a short term as a prefix of the name, case-insensitively', async () => {
    const page = await notes.page(database, { searchTerm: 'qU' }, 10)
    expect(page).toMatchObject({ total: 2, nextCursor: null })
    expect(page.items.map((item) => item.id).sort()).toEqual(['r1', 'r2'])
    expect((await notes.page(database, { searchTerm: 'uo' }, 10)).total).toBe(0)
  })

  it('keeps counts and first pages while the version stays the same', async () => {
    const before = await notes.page(database, { searchTerm: 'quokka' }, 10)
    await database.execute(sql`insert into note (id, name, body) values ('r3', 'Quokka', 'again')`)
    try {
      expect(await notes.page(database, { searchTerm: 'quokka' }, 10)).toEqual(before)
      version++
      expect((await notes.page(database, { searchTerm: 'quokka' }, 10)).total).toBe(3)
    } finally {
      await database.execute(sql`delete from note where id = 'r3'`)
      version++
    }
  })

  it.each([
    ['an unselective term', 'walnut', true],
    ['a selective term', 'quokka', false],
    ['an unselective prefix', 'wa', true],
  ])(
    'counts and matches %s (%s) through its index, never scanning the table',
    async (_label, term, walked) => {
      const queries = notes.queries(database, { searchTerm: term }, 20)
      const index = term.length < 3 ? 'note_name_prefix_idx' : 'note_search_trgm_idx'
      for (const query of [queries.matchFirst, queries.total]) {
        const found = await plan(query, true)
        expect(found).toContain(`Bitmap Index Scan on ${index}`)
        expect(found).not.toMatch(/Seq Scan on "?note"? /)
        expect(found).not.toMatch(/Index Scan using note_name_id_idx/)
      }
      // A term with many matches walks the name index first, at most to the end of its stretch.
      if (walked) expect(await plan(queries.walk, false)).toMatch(/Index Cond: \(ROW\(name, id\) <= ROW\(/)
    },
  )
})

/** Reads that finish on demand: `started` counts them and `finish(n)` ends the n-th. */
function reading<Value>() {
  const started: { resolve: (value: Value) => void; reject: (error: Error) => void }[] = []
  const read = () => new Promise<Value>((resolve, reject) => started.push({ resolve, reject }))
  const nth = (index: number) => {
    const found = started[index]
    if (!found) throw new Error(`Reading ${index} never started (${started.length} did)`)
    return found
  }
  return {
    read,
    started,
    finish: (index: number, value: Value) => nth(index).resolve(value),
    fail: (index: number, error: Error) => nth(index).reject(error),
  }
}

describe('PerVersion', () => {
  it('reads a value once for the requests that ask while it is read, and keeps it for that version', async () => {
    const cache = new PerVersion<number>(10)
    const { read, started, finish } = reading<number>()
    const asked = [cache.load('the', 7, read), cache.load('the', 7, read), cache.load('the', 7, read)]
    expect(started).toHaveLength(1)
    finish(0, 42)
    expect(await Promise.all(asked)).toEqual([42, 42, 42])
    expect(await cache.load('the', 7, read)).toBe(42)
    expect(started).toHaveLength(1)
  })

  it('reads again at a new version, and a request from before the change does not push it out', async () => {
    const cache = new PerVersion<string>(10)
    const { read, started, finish } = reading<string>()
    const first = cache.load('night', 1, read)
    finish(0, 'before')
    await first
    const second = cache.load('night', 2, read)
    finish(1, 'after')
    expect(await second).toBe('after')
    // A request that read version 1 before the change reads for itself and caches nothing.
    const late = cache.load('night', 1, read)
    finish(2, 'late')
    expect(await late).toBe('late')
    expect(await cache.load('night', 2, read)).toBe('after')
    expect(started).toHaveLength(3)
  })

  it('keeps no failed reading, even one that throws at once: the next request reads again', async () => {
    const cache = new PerVersion<number>(10)
    const thrown = cache.load('y', 1, () => {
      throw new Error('bad term')
    })
    await expect(thrown).rejects.toThrow('bad term')
    expect(await cache.load('y', 1, () => Promise.resolve(5))).toBe(5)
  })

  it('keeps no failed reading: the next request reads again', async () => {
    const cache = new PerVersion<number>(10)
    const { read, finish, fail } = reading<number>()
    const failed = cache.load('x', 1, read)
    fail(0, new Error('connection lost'))
    await expect(failed).rejects.toThrow('connection lost')
    const retried = cache.load('x', 1, read)
    finish(1, 3)
    expect(await retried).toBe(3)
  })

  it('keeps at most its size, dropping the oldest first', async () => {
    const cache = new PerVersion<string>(2)
    let reads = 0
    const read = (value: string) => () => {
      reads++
      return Promise.resolve(value)
    }
    await cache.load('a', 1, read('a'))
    await cache.load('b', 1, read('b'))
    await cache.load('c', 1, read('c'))
    expect(reads).toBe(3)
    await cache.load('c', 1, read('c'))
    await cache.load('b', 1, read('b'))
    expect(reads).toBe(3)
    await cache.load('a', 1, read('a'))
    expect(reads).toBe(4)
  })
})
