/**
 * The activity log's plumbing, which feature code never calls: a trigger on every table records
 * each change in its own transaction (drizzle/0011_activity.sql), and this module tells that
 * trigger who is acting. Every write a request makes through the database client (Folio's own
 * queries and better-auth's) runs in a transaction that first sets `folio.actor_id`,
 * `folio.impersonator_id`, `folio.ip_address` and `folio.user_agent` from the request context.
 */
import '@tanstack/react-start/server-only'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { lt, sql } from 'drizzle-orm'
import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'

import { currentRequest } from '../request-context'
import type { Db } from './index'
import { activity } from './schema'

/** Tables whose changes are not recorded: the log itself, and those holding codes, tokens or counters. */
export const NOT_RECORDED = [
  'activity',
  'account',
  'verification',
  'rate_limit',
  'code_request',
  'book_version',
]

/** Columns never recorded: ids and times the server keeps, derived text, and secrets. */
export const HIDDEN_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'search',
  'token',
  'password',
  'access_token',
  'refresh_token',
  'id_token',
  'public_key',
  'credential_id',
  'counter',
]

/** Attaches the recording trigger to every table not excepted; run after each migration. */
export async function recordActivityOfTables(database: Db) {
  await database.execute(
    sql`select folio_record_activity_of_tables(${`{${NOT_RECORDED.join(',')}}`}::text[], ${`{${HIDDEN_COLUMNS.join(',')}}`}::text[])`,
  )
}

/** Removes the entries older than `days`; returns how many. */
export async function removeOldActivity(database: Db, days: number): Promise<number> {
  const removed = await database
    .delete(activity)
    .where(lt(activity.at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: activity.id })
  return removed.length
}

const SET_ACTOR =
  "select set_config('folio.actor_id', $1, true), set_config('folio.impersonator_id', $2, true), " +
  "set_config('folio.ip_address', $3, true), set_config('folio.user_agent', $4, true)"

/** The settings of the request being served, or none outside a request or before anyone is known. */
function actorOfRequest(): string[] | undefined {
  const request = currentRequest()
  if (!request?.userId && !request?.ipAddress) return undefined
  return [
    request.userId ?? '',
    request.impersonatedBy ?? '',
    request.ipAddress ?? '',
    request.userAgent ?? '',
  ]
}

const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i

/** Whether a statement may change a recorded table's rows (and so fire the recording trigger). */
function writes(query: string) {
  const table = WRITE.exec(query)?.[1]
  if (table) return !NOT_RECORDED.includes(table)
  return /^\s*with\b/i.test(query) && /\b(insert|update|delete)\b/i.test(query)
}

/**
 * A postgres-js client whose transactions, and writes made outside one, first tell the trigger
 * who is acting. Reads run as before.
 */
export function actingPostgres<Client extends Sql>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'begin' && typeof value === 'function')
        return (...args: unknown[]) => {
          const run: unknown = args.at(-1)
          const actor = actorOfRequest()
          if (typeof run !== 'function' || !actor) return Reflect.apply(value, target, args)
          return Reflect.apply(value, target, [
            ...args.slice(0, -1),
            async (tx: TransactionSql) => {
              await tx.unsafe(SET_ACTOR, actor)
              return Reflect.apply(run, undefined, [tx]) as unknown
            },
          ])
        }
      if (property === 'unsafe')
        return (query: string, parameters?: never[], options?: object) => {
          const actor = actorOfRequest()
          if (!actor || !writes(query)) return target.unsafe(query, parameters, options)
          // drizzle awaits the query or asks for its `values()`: run it, in a transaction, either way.
          const inTransaction = (values: boolean) =>
            target.begin(async (tx) => {
              await tx.unsafe(SET_ACTOR, actor)
              const pending: PendingQuery<Row[]> = tx.unsafe(query, parameters, options)
              return values ? pending.values() : pending
            })
          return {
            then: (resolve: (rows: unknown) => unknown, reject: (error: unknown) => unknown) =>
              inTransaction(false).then(resolve, reject),
            values: () => inTransaction(true),
          }
        }
      return value
    },
  })
}

/** The same for PGlite, whose single connection runs one transaction at a time. */
export function actingPglite(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'transaction')
        return async <T>(run: (tx: Transaction) => Promise<T>) => {
          const actor = actorOfRequest()
          return target.transaction(async (tx) => {
            if (actor) await tx.query(SET_ACTOR, actor)
            return run(tx)
          })
        }
      if (property === 'query')
        return async (query: string, parameters?: unknown[], options?: object) => {
          const actor = actorOfRequest()
          if (!actor || !writes(query)) return target.query(query, parameters, options)
          return target.transaction(async (tx) => {
            await tx.query(SET_ACTOR, actor)
            return tx.query(query, parameters, options)
          })
        }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Removes entries past the retention now and then once a day; returns a function that stops it. */
export function keepActivityFor(database: Db, days: number, onError: (error: unknown) => void): () => void {
  const prune = () => void removeOldActivity(database, days).catch(onError)
  prune()
  const timer = setInterval(prune, DAY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
