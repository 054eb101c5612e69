/**
 * Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, spans reach an OTLP/HTTP receiver on loopback for
 * each request, server function, database query and outgoing call (SMTP, S3), and the request id
 * in the log is the trace id. Unset, nothing is sent.
 */
import { createServer, type Server } from 'node:http'

import { expect, test } from '@playwright/test'

import { uploadUrl } from '~/features/uploads/targets'
import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'
import { startS3Server } from '~/test/s3-server'

import { jpegPhoto } from './support/fixtures'
import { startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'
import { callServerFn, resultOf } from './support/server-fn'

type Value = { stringValue?: string; intValue?: string | number }
type ReceivedSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: Array<{ key: string; value: Value }>
}
type Export = { resourceSpans: Array<{ scopeSpans: Array<{ spans: ReceivedSpan[] }> }> }

/** An OTLP/HTTP receiver on loopback, keeping the spans it is sent (JSON, as the exporter sends). */
async function startReceiver() {
  const spans: ReceivedSpan[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const sent = JSON.parse(body) as Export
        spans.push(...sent.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans)))
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { url, spans, close: () => new Promise((resolve) => server.close(resolve)) }
}

const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value
  return value?.stringValue ?? value?.intValue
}

test('with an OTLP endpoint, each request, function, query and outgoing call is a span of its trace', async ({
  playwright,
}) => {
  const receiver = await startReceiver()
  const s3 = await startS3Server()
  const serverUrl = testDatabaseServer()
  const database = serverUrl ? await createFreshDatabase(serverUrl, 'folio_traces') : undefined
  const server = await startAppServer({
    ...s3.env,
    ...(database && { DATABASE_URL: database.url }),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  })
  try {
    const admin = await signInOverHttp('admin@example.com', server)
    const request = await playwright.request.newContext({ extraHTTPHeaders: { cookie: admin.cookie } })
    const books = await resultOf<{ items: Array<{ id: string }> }>(
      await callServerFn(request, 'book--getBooks', 'GET', {}, server.url),
    )
    const id = books.items[0]?.id ?? ''
    const photo = await jpegPhoto('#639', 300, 450)
    const sent = await request.put(`${server.url}${uploadUrl('book-cover', id)}`, {
      data: photo,
      headers: { origin: server.url },
    })
    expect(sent.status()).toBe(200)
    const page = await request.get(`${server.url}/manager/books/${id}`)
    expect(page.status()).toBe(200)
    const requestId = page.headers()['x-request-id'] ?? ''
    await request.dispose()

    const find = (name: string | RegExp) =>
      receiver.spans.find((span) => (typeof name === 'string' ? span.name === name : name.test(span.name)))
    await expect
      .poll(() =>
        ['GET /manager/books/$id', 'server function book--getBooks', 'SMTP send', 'S3 PutObject'].filter(
          (name) => !find(name),
        ),
      )
      .toEqual([])

    // The page's request: a server span named by its route pattern, whose trace id is the request id.
    const pageSpan = find('GET /manager/books/$id')
    expect(pageSpan?.kind, 'a server span').toBe(2)
    expect(attribute(pageSpan as ReceivedSpan, 'http.route')).toBe('/manager/books/$id')
    expect(attribute(pageSpan as ReceivedSpan, 'http.response.status_code')).toBe(200)
    expect(requestId).toBe(pageSpan?.traceId)
    const logged = server
      .log()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { requestId?: string; path?: string; message: string })
    expect(
      logged.find((line) => line.message === 'request' && line.path === `/manager/books/${id}`)?.requestId,
    ).toBe(pageSpan?.traceId)

    // A server function's span sits in its request's trace, with its queries below it.
    const functionSpan = find('server function book--getBooks')
    const functionRequest = receiver.spans.find((span) => span.spanId === functionSpan?.parentSpanId)
    expect(functionRequest?.name).toBe('GET /api/fn/$id')
    const queries = receiver.spans.filter(
      (span) => span.traceId === functionSpan?.traceId && attribute(span, 'db.query.text') !== undefined,
    )
    expect(queries.map((span) => span.name)).toContain('SELECT')
    expect(
      queries.every((span) => span.kind === 3),
      'queries are client spans',
    ).toBe(true)
    const texts = queries.map((span) => String(attribute(span, 'db.query.text')))
    expect(texts.some((text) => text.includes('"book"'))).toBe(true)

    // Outgoing calls: the e-mail with the code, and the cover's files into the bucket.
    const requestOf = (span: ReceivedSpan | undefined) =>
      receiver.spans.find((other) => other.traceId === span?.traceId && other.kind === 2)?.name
    expect(requestOf(find('SMTP send'))).toBe('POST /api/auth/$')
    expect(requestOf(find('S3 PutObject'))).toBe('PUT /api/uploads/$target/$id')
  } finally {
    await server.stop()
    await database?.drop()
    await s3.stop()
    await receiver.close()
  }
})

test('without an OTLP endpoint, no span is sent and request ids stay random', async () => {
  const receiver = await startReceiver()
  // The exporter would send here if it were made: only the endpoint variable turns tracing on.
  const server = await startAppServer({
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  })
  try {
    await signInOverHttp(undefined, server)
    const answer = await fetch(`${server.url}/login`)
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  } finally {
    await server.stop()
  }
  expect(receiver.spans).toEqual([])
  await receiver.close()
})
