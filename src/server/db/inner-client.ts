import type { TransactionSql } from 'postgres'

/**
 * Calls a postgres-js `begin` or `savepoint` whose callback gets `wrap(tx)` instead of the
 * transaction's own client, so a client wrapper follows the queries made inside it too.
 */
export function withInnerClient(
  target: object,
  method: (...args: unknown[]) => unknown,
  args: unknown[],
  wrap: (inner: TransactionSql) => TransactionSql,
): unknown {
  const run: unknown = args.at(-1)
  if (typeof run !== 'function') return Reflect.apply(method, target, args)
  return Reflect.apply(method, target, [
    ...args.slice(0, -1),
    (inner: TransactionSql) => Reflect.apply(run, undefined, [wrap(inner)]) as unknown,
  ])
}
