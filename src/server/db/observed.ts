import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'

import { SpanKind } from '@opentelemetry/api'

import { trackQuery } from '../metrics'
import { startSpan } from '../tracing'
import { withInnerClient } from './inner-client'

/**
 * A postgres-js client whose queries are followed from sent to answered: counted in the metrics
 * of the database pool and, with tracing on, each in a span with its SQL (never its values). postgres-js sends a query when it is first awaited; the methods that change
 * how it answers (`values()` and the like) return the query itself, here this follower.
 */
export function observed<Client extends Sql | TransactionSql>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property === 'unsafe' && typeof value === 'function')
        return (...args: unknown[]) =>
          followed(Reflect.apply(value, target, args) as PendingQuery<Row[]>, String(args[0]))
      // A transaction's or savepoint's queries use their own client, passed to the last callback.
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function')
        return (...args: unknown[]) =>
          withInnerClient(target, value as (...args: unknown[]) => unknown, args, observed)
      return value
    },
  })
}

const chained = new Set<PropertyKey>(['values', 'raw', 'simple', 'describe', 'execute'])

/** Starts following a query as it is sent; the returned function ends it. */
function sent(text: string): (error?: unknown) => void {
  const counted = trackQuery()
  const span = startSpan(
    text.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? 'query',
    { 'db.system.name': 'postgresql', 'db.query.text': text },
    SpanKind.CLIENT,
  )
  return (error) => {
    counted()
    span(error)
  }
}

function followed(query: PendingQuery<Row[]>, text: string): PendingQuery<Row[]> {
  let answered: ((error?: unknown) => void) | undefined
  const end = (error?: unknown) => {
    answered?.(error)
    answered = () => {}
  }
  const follower: PendingQuery<Row[]> = new Proxy(query, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      if (property === 'then')
        return (resolve?: (rows: unknown) => unknown, reject?: (error: unknown) => unknown) => {
          answered ??= sent(text)
          return Reflect.apply(value, target, [
            (rows: unknown) => {
              end()
              return resolve ? resolve(rows) : rows
            },
            (error: unknown) => {
              end(error)
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
