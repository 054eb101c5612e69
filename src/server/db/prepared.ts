import type { Sql, TransactionSql } from 'postgres'

/**
 * A postgres-js client whose every query with parameters is a prepared statement. postgres-js
 * prepares a statement once per connection and query text, then only binds and executes it: one
 * round trip, parsed and planned no more (PostgreSQL still plans anew for values that need it).
 * Drizzle asks for that only for queries given a name (`.prepare(name)`); better-auth's queries
 * and Folio's are built per call, so each of them cost a Parse and Describe round trip, then a
 * Bind and Execute one. Measured: get-session and /app/books answer about 40% more requests a
 * second (`pnpm bench`). Folio's queries come in a fixed set of shapes (no lists of values
 * spelled out in the text), so the statements each connection keeps stay few.
 */
export function preparing<Client extends Sql | TransactionSql>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      if (property === 'unsafe')
        return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, parameters as never, { ...options, prepare: true })
      // A transaction's (or savepoint's) queries go through a client of its own.
      if (property === 'begin' || property === 'savepoint')
        return (...args: unknown[]) => {
          const run = args.at(-1) as (client: TransactionSql) => unknown
          return (value as (...args: unknown[]) => unknown).apply(target, [
            ...args.slice(0, -1),
            (inner: TransactionSql) => run(preparing(inner)),
          ])
        }
      return value
    },
  })
}
