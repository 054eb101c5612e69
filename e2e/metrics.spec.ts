/**
 * Prometheus metrics: closed by default, served for the bearer token METRICS_TOKEN or on their own
 * port METRICS_PORT, and labelled by route pattern, never by raw address.
 */
import { expect, test } from '@playwright/test'

import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'

import { freePort, startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'
import { callServerFn, resultOf } from './support/server-fn'

test('/metrics is closed unless a token is set', async ({ request }) => {
  expect((await request.get('/metrics')).status()).toBe(404)
})

test('the metrics, for the bearer token or on their own port, name routes by their pattern', async ({
  playwright,
}) => {
  const serverUrl = testDatabaseServer()
  const database = serverUrl ? await createFreshDatabase(serverUrl, 'folio_metrics') : undefined
  const token = 'metrics-token-for-this-test-only'
  const metricsPort = await freePort()
  const server = await startAppServer({
    METRICS_TOKEN: token,
    METRICS_PORT: String(metricsPort),
    ...(database && { DATABASE_URL: database.url }),
  })
  const admin = await signInOverHttp('admin@example.com', server)
  const request = await playwright.request.newContext({ extraHTTPHeaders: { cookie: admin.cookie } })
  try {
    const books = await resultOf<{ items: Array<{ id: string }> }>(
      await callServerFn(request, 'book--getBooks', 'GET', {}, server.url),
    )
    const id = books.items[0]?.id ?? ''
    expect((await request.get(`${server.url}/manager/books/${id}`)).status()).toBe(200)
    expect((await request.get(`${server.url}/no/such/page`)).status()).toBe(404)

    const scrape = (headers: Record<string, string>) => fetch(`${server.url}/metrics`, { headers })
    expect((await scrape({})).status).toBe(401)
    expect((await scrape({ authorization: 'Bearer not-the-token-at-all' })).status).toBe(401)
    const answer = await scrape({ authorization: `Bearer ${token}` })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const text = await answer.text()

    expect(text).toContain('http_requests_total{method="GET",route="/manager/books/$id",status="200"}')
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"}')
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/manager\/books\/\$id"/,
    )
    expect(text, 'no raw address, id or unknown path becomes a label').not.toContain(id)
    expect(text).not.toContain('/no/such/page')
    expect(text).toContain('folio_server_function_calls_total{function="book--getBooks",status="200"}')
    expect(text).toMatch(/^folio_render_queue_wait_seconds_count [1-9]/m)
    expect(text).toMatch(/^folio_render_queue_waiting \d+$/m)
    expect(text).toMatch(/^folio_db_queries_active \d+$/m)
    if (database) expect(text).toMatch(/^folio_db_pool_max 10$/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)

    // On their own port, without a token; nothing else is served there.
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(own.status).toBe(200)
    // The same counts: the server that listens there is a part of the process bundled apart.
    expect(await own.text()).toContain(
      'http_requests_total{method="GET",route="/manager/books/$id",status="200"} 1',
    )
    expect((await fetch(`http://127.0.0.1:${metricsPort}/login`)).status).toBe(404)
  } finally {
    await request.dispose()
    await server.stop()
    await database?.drop()
  }
})
