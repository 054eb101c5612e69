import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'

import { trackQuery } from '../metrics'
import { withInnerClient } from './inner-client'

/**
 * A postgres-js client whose queries are followed from sent to answered, for the metrics of the
 * database pool. postgres-js sends a query when it is first awaited; the methods that change
 * how it answers (`values()` and the like) return the query itself, here this follower.
 */
export function observed<Client extends Sql | TransactionSql>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'unsafe' && typeof value === 'function')
        return (...args: unknown[]) => followed(Reflect.apply(value, target, args) as PendingQuery<Row[]>)
      // A transaction's or savepoint's queries use their own client, passed to the last callback.
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function')
        return (...args: unknown[]) =>
          withInnerClient(target, value as (...args: unknown[]) => unknown, args, observed)
      return value
    },
  })
}

const chained = new Set<PropertyKey>(['values', 'raw', 'simple', 'describe', 'execute'])

function followed(query: PendingQuery<Row[]>): PendingQuery<Row[]> {
  let answered: (() => void) | undefined
  const end = () => {
    answered?.()
    answered = () => {}
  }
  const follower: PendingQuery<Row[]> = new Proxy(query, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      if (property === 'then')
        return (resolve?: (rows: unknown) => unknown, reject?: (error: unknown) => unknown) => {
          answered ??= trackQuery()
          return Reflect.apply(value, target, [
            (rows: unknown) => {
              end()
              return resolve ? resolve(rows) : rows
            },
            (error: unknown) => {
              end()
              if (reject) return reject(error)
              throw error
            },
          ]) as unknown
        }
      if (chained.has(property))
        return (...args: unknown[]) => {
          Reflect.apply(value, target, args)
          return follower
        }
      return (...args: unknown[]) => Reflect.apply(value, target, args) as unknown
    },
  })
  return follower
}
