import postgres from 'postgres'
import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseServer } from '~/test/fresh-database'

import { observed } from './db/observed'
import { metricsAnswer } from './metrics'

const token = 'a-token-for-this-test-file'
beforeAll(() => {
  // Read once, at the first use of the metrics, which this file is the first to make.
  process.env.METRICS_TOKEN = token
})

const scrape = async () =>
  (
    await metricsAnswer(
      new Request('http://folio.test/metrics', { headers: { authorization: `Bearer ${token}` } }),
    )
  ).text()
const active = async () => Number(/^folio_db_queries_active (\d+)$/m.exec(await scrape())?.[1])

describe('metrics', () => {
  it('answer only the bearer of the token', async () => {
    expect((await metricsAnswer(new Request('http://folio.test/metrics'))).status).toBe(401)
    const wrong = new Request('http://folio.test/metrics', { headers: { authorization: `Bearer ${token}x` } })
    expect((await metricsAnswer(wrong)).status).toBe(401)
    expect(await scrape()).toContain('nodejs_eventloop_lag_seconds')
  })

  it.runIf(testDatabaseServer())(
    'count the queries in flight, in a transaction too, until each is answered',
    async () => {
      const sql = observed(postgres(testDatabaseServer() ?? '', { max: 2, onnotice: () => {} }))
      try {
        // postgres-js sends a query when it is awaited, as drizzle does at once.
        const slow = sql
          .unsafe('select pg_sleep(0.3) as slept')
          .values()
          .then((rows) => rows)
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(await active()).toBe(1)
        expect(await slow).toEqual([['']])
        expect(await active()).toBe(0)
        await sql.begin(async (tx) => {
          const inside = tx.unsafe('select pg_sleep(0.3)').then((rows) => rows)
          await new Promise((resolve) => setTimeout(resolve, 100))
          expect(await active()).toBe(1)
          await inside
        })
        await expect(sql.unsafe('select * from no_such_table')).rejects.toThrow()
        expect(await active()).toBe(0)
      } finally {
        await sql.end()
      }
    },
  )
})
