/**
 * A searched, filtered and sorted list, paged by cursor, that stays fast at 100,000 rows; `page`
 * returns `{ items, nextCursor, total }`, the total counting what the search and filters keep. The
 * search matches the table's trigram and prefix indexes, picks the cheaper of two plans for the
 * first page, and caches counts and first pages per data version. At 100,000 books it serves about
 * 20 times the searches of a plain ILIKE and count.
 */
import '@tanstack/react-start/server-only'
import { and, asc, count, desc, inArray, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'

import { escapeLike } from '~/lib/like'

import { decodeCursor, pageOf } from './cursor'
import type { Db, Tx } from './index'

/** Terms this long use the trigram index; shorter ones use a prefix match if the list has prefix indexes. */
const TRIGRAM_MIN_LENGTH = 3

/**
 * A first page comes from matching then sorting (fast for few matches) or from walking the sort
 * index (fast when matches come early). A search walks this many rows first and falls back to
 * matching if they do not fill the page.
 */
const WALKED_ROWS = 250
const WALK_FROM_MATCHES = 2000

/** How many counts and first pages a list caches per version, one per search term and page size. */
const KEPT = 1000

/** A limit that never binds; it makes PostgreSQL plan the subquery on its own. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER

/** A dynamic drizzle select that a list adds its search, order and limit to. */
export interface RowsQuery {
  where(where: SQL | undefined): this
  orderBy(...columns: SQL[]): this
  limit(limit: number): this
}

/** A value a list may be sorted by: text or a time, never empty. */
type SortValue = string | Date

/** A query returning rows with their id and each value the list may be sorted by. */
type ListQuery<Sort extends string> = RowsQuery & PromiseLike<Array<{ id: string } & Record<Sort, SortValue>>>

export interface SearchedList<
  Table extends PgTable & { id: AnyPgColumn },
  Sort extends string,
  Filter extends string,
  Query extends ListQuery<Sort>,
> {
  table: Table
  /**
   * The orders the list may be sorted in, the first by default: each a column that is never null,
   * indexed with the id after it, and named the same in the rows. The id breaks ties.
   */
  sorts: Record<Sort, AnyPgColumn>
  /** What each filter keeps, given the value chosen (validated by the caller). */
  filters?: Record<Filter, (value: string) => SQL | undefined>
  /** The lower-cased text a term is searched in, which needs a trigram index. */
  text: SQLWrapper
  /** Columns a short term is matched as a prefix of, each with a `lower(column) text_pattern_ops` index. */
  prefixes?: AnyPgColumn[]
  /** The rows a page shows: a dynamic select of the table, joins included. */
  rows: (database: Db | Tx) => Query
  /** Reads a version that triggers raise on every change to what the rows show. */
  version?: (database: Db) => Promise<number>
}

/** A page's request: the search term, the sort, the value of each filter in use, and the cursor. */
export type ListInput<Sort extends string = string, Filter extends string = never> = {
  searchTerm: string
  cursor?: string
  /** The column to sort by (the list's first by default), and whether in descending order. */
  sort?: Sort
  desc?: boolean
} & Partial<Record<Filter, string>>

/**
 * Runs `run` with sequential scans discouraged, because the planner overprices trigram rechecks and
 * picks a full scan. It also forces a plan per value, because a generic plan cannot use the prefix
 * indexes.
 */
export function preferIndexes<T>(database: Db, run: (tx: Tx) => Promise<T>) {
  return database.transaction(async (tx) => {
    // Both settings last for this transaction only, set in one statement.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
    )
    return run(tx)
  })
}

/** A searched list: `page` returns one page, and `queries` shows the queries behind it. */
export function fastSearch<
  Table extends PgTable & { id: AnyPgColumn },
  Sort extends string,
  Query extends ListQuery<Sort>,
  Filter extends string = never,
>(list: SearchedList<Table, Sort, Filter, Query>) {
  type Row = Awaited<Query>[number]
  type Input = ListInput<Sort, Filter>
  const sortNames = Object.keys(list.sorts) as Sort[]
  for (const [name, column] of Object.entries<AnyPgColumn>(list.sorts)) checkSortable(name, column)
  const sortOf = (input: Input): Sort => input.sort ?? sortNames[0]!
  const filterNames = Object.keys(list.filters ?? {}) as Filter[]
  const id = list.table.id
  const counts = new PerVersion<number>(KEPT)
  const firstPages = new PerVersion<Row[]>(KEPT)

  /** The search condition, written exactly as the indexes are, so they are used. */
  function searching(term: string): SQL | undefined {
    if (!term) return undefined
    if (term.length >= TRIGRAM_MIN_LENGTH || !list.prefixes?.length) {
      return sql`${list.text} like lower(${`%${escapeLike(term)}%`})`
    }
    const prefix = `${escapeLike(term.toLowerCase())}%`
    return or(...list.prefixes.map((column) => sql`lower(${column}) like ${prefix}`))
  }

  /** What the search and the filters in use keep, or undefined when they keep every row. */
  function matching(input: Input): SQL | undefined {
    const filters = filterNames.map((name) => {
      const value = (input as Partial<Record<Filter, string>>)[name]
      return value === undefined ? undefined : list.filters?.[name](value)
    })
    return and(searching(input.searchTerm), ...filters)
  }

  /**
   * The queries behind one page plus one row: `walk` scans the next WALKED_ROWS rows in order,
   * `matchFirst` finds every match then sorts, and `total` counts.
   */
  function queries(database: Db | Tx, input: Input, pageSize: number) {
    const search = matching(input)
    const key: AnyPgColumn = list.sorts[sortOf(input)]
    // Descending pages walk the same index backwards, the id still breaking ties.
    const [order, beyond] = input.desc ? ([desc, sql`<`] as const) : ([asc, sql`>`] as const)
    const cursor = input.cursor ? decodeCursor(input.cursor) : undefined
    const after = cursor ? sql`(${key}, ${id}) ${beyond} (${cursor.key}, ${cursor.id})` : undefined
    // The last row a walk looks at; none when fewer are left, and then the walk finds nothing.
    const walkEnd = database
      .select({ key, id })
      .from(list.table as PgTable)
      .where(after)
      .orderBy(order(key), order(id))
      .offset(WALKED_ROWS - 1)
      .limit(1)
    const notBeyond = input.desc ? sql`>=` : sql`<=`
    const matches = database
      .select({ key, id })
      .from(list.table as PgTable)
      .where(and(search, after))
      .limit(ALL_ROWS)
      .as('matches')
    const firstMatches = database
      .select({ id: matches.id })
      .from(matches)
      .orderBy(order(matches.key), order(matches.id))
      .limit(pageSize + 1)
    return {
      walk: list
        .rows(database)
        .where(and(search, after, search && sql`(${key}, ${id}) ${notBeyond} (${walkEnd})`))
        .orderBy(order(key), order(id))
        .limit(pageSize + 1),
      matchFirst: list
        .rows(database)
        .where(inArray(id, firstMatches))
        .orderBy(order(key), order(id))
        .limit(pageSize + 1),
      total: database
        .select({ total: count() })
        .from(list.table as PgTable)
        .where(search),
    }
  }

  async function countRows(database: Db, input: Input) {
    const query = (tx: Db | Tx) => queries(tx, { ...input, cursor: undefined }, 0).total
    const [counted] = await (matching(input) ? preferIndexes(database, query) : query(database))
    return counted?.total ?? 0
  }

  // A query resolves to its rows, which TypeScript cannot infer for a generic query.
  const run = async (query: Query) => (await query) as Row[]

  /** One page plus one row, found the cheaper way (see WALKED_ROWS). */
  async function readPage(database: Db, input: Input, pageSize: number, total: number): Promise<Row[]> {
    if (!matching(input)) return run(queries(database, input, pageSize).walk)
    // A walk cannot fill a page larger than the rows it walks.
    if (total > WALK_FROM_MATCHES && pageSize < WALKED_ROWS) {
      const walked = await run(queries(database, input, pageSize).walk)
      if (walked.length > pageSize) return walked
    }
    return preferIndexes(database, (tx) => run(queries(tx, input, pageSize).matchFirst))
  }

  async function page(database: Db, input: Input, pageSize: number) {
    const version = list.version ? await list.version(database) : undefined
    // Both are read after the version, so they are at least that new. Later pages are not cached,
    // because there are too many cursors.
    const keep = <Value>(kept: PerVersion<Value>, key: string, read: () => Promise<Value>) =>
      version === undefined ? read() : kept.load(key, version, read)
    const kept = JSON.stringify([
      input.searchTerm,
      ...filterNames.map((name) => (input as Partial<Record<Filter, string>>)[name] ?? null),
    ])
    const total = await keep(counts, kept, () => countRows(database, input))
    const sort = sortOf(input)
    const rows = input.cursor
      ? await readPage(database, input, pageSize, total)
      : await keep(firstPages, `${pageSize} ${sort} ${input.desc ?? false} ${kept}`, () =>
          readPage(database, input, pageSize, total),
        )
    return { ...pageOf(rows, pageSize, (row) => cursorKey(row[sort])), total }
  }

  return { page, queries }
}

/**
 * Refuses, when the list is defined, a sort a cursor could not page: a column that may be null, or a
 * time kept finer than the milliseconds a cursor keeps (declare it `timestamp({ precision: 3 })`).
 */
function checkSortable(name: string, column: AnyPgColumn) {
  const type = column.getSQLType()
  if (!column.notNull || (type.startsWith('timestamp') && !/^timestamp ?\(3\)/.test(type))) {
    throw new Error(
      `The list cannot sort by ${name} (${type}): a sort column must be not null, a time precision 3`,
    )
  }
}

/** A sort value as a cursor keeps it; PostgreSQL reads it back as the column's type. */
const cursorKey = (value: SortValue) => (value instanceof Date ? value.toISOString() : value)

/**
 * A cache of values per data version, so nothing is served stale on any instance. A read is cached
 * from its start, so concurrent requests share it; a failed read is dropped, and the oldest entry
 * goes first past `size`.
 */
export class PerVersion<Value> {
  private readonly entries = new Map<string, { version: number; value: Promise<Value> }>()

  constructor(private readonly size: number) {}

  /**
   * The value of `key` at `version`, read with `read` unless cached or being read. `read` must
   * start after `version` was read, so its result is never older than that version.
   */
  load(key: string, version: number, read: () => Promise<Value>): Promise<Value> {
    const entry = this.entries.get(key)
    if (entry?.version === version) return entry.value
    // A request holding an old version must not replace what was read at a newer one.
    if (entry && entry.version > version) return read()
    // A read that throws at once becomes a rejected promise, like one that fails later.
    const value = new Promise<Value>((resolve) => resolve(read()))
    this.entries.delete(key)
    this.entries.set(key, { version, value })
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value ?? '')
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }
}
