/**
 * Prometheus metrics of this process: requests by route pattern (never by raw address, whose ids
 * would make a series each) and status, server-function calls, the render queue, the database's
 * queries in flight against its pool, and prom-client's own (event-loop delay, memory, CPU).
 * Nothing is collected unless METRICS_TOKEN or METRICS_PORT is set; then /metrics serves them.
 */
import '@tanstack/react-start/server-only'
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

import { serverEnv } from './env'
import { logger } from './logger'
import { processWide } from './process-wide'
import { renderQueue } from './render-queue'

/** Seconds, from a millisecond cache hit to a slow page on a loaded server. */
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const labelNames = ['method', 'route', 'status'] as const
  return {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered',
      labelNames,
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request',
      labelNames,
      buckets,
      registers: [registry],
    }),
    functionCalls: new Counter({
      name: 'folio_server_function_calls_total',
      help: 'Server-function calls, by function id and status',
      labelNames: ['function', 'status'] as const,
      registers: [registry],
    }),
    renderWaitSeconds: new Histogram({
      name: 'folio_render_queue_wait_seconds',
      help: 'Time a page waited for a render slot',
      buckets,
      registers: [registry],
    }),
    renderWaiting: new Gauge({
      name: 'folio_render_queue_waiting',
      help: 'Pages waiting for a render slot',
      registers: [registry],
      collect() {
        this.set(renderQueue().waiting)
      },
    }),
    renderRunning: new Gauge({
      name: 'folio_render_queue_running',
      help: 'Pages holding a render slot',
      registers: [registry],
      collect() {
        this.set(renderQueue().running)
      },
    }),
    queriesActive: new Gauge({
      name: 'folio_db_queries_active',
      help: 'Database queries sent and not yet answered (running, or queued for a connection)',
      registers: [registry],
    }),
    poolSize: new Gauge({
      name: 'folio_db_pool_max',
      help: 'Connections the PostgreSQL pool may open (0 on the embedded database)',
      registers: [registry],
    }),
  }
}

// One registry for the start-up plugin, which serves METRICS_PORT, and the requests it counts.
const state = processWide('metrics', (): { metrics?: ReturnType<typeof createMetrics> | null } => ({}))

/** This process's metrics, or null when no one may read them. */
function collected() {
  if (state.metrics === undefined) {
    const env = serverEnv()
    state.metrics = env.METRICS_TOKEN || env.METRICS_PORT ? createMetrics() : null
  }
  return state.metrics
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Counts one answered request; `route` is its route's pattern, such as `/manager/books/$bookId`. */
export function recordRequest(answered: {
  method: string
  route: string
  status: number
  seconds: number
  serverFunction?: string
}) {
  const m = collected()
  if (!m) return
  const labels = {
    method: knownMethods.has(answered.method) ? answered.method : 'OTHER',
    route: answered.route,
    status: String(answered.status),
  }
  m.requests.inc(labels)
  m.requestSeconds.observe(labels, answered.seconds)
  if (answered.serverFunction)
    m.functionCalls.inc({ function: answered.serverFunction, status: String(answered.status) })
}

/** Records how long a page waited for its render slot. */
export function recordRenderWait(seconds: number) {
  collected()?.renderWaitSeconds.observe(seconds)
}

/** Follows a database query from sent to answered; call the returned function once it is. */
export function trackQuery(): () => void {
  const m = collected()
  if (!m) return () => {}
  m.queriesActive.inc()
  return () => m.queriesActive.dec()
}

/** Records the size of the database pool. */
export function recordPoolSize(max: number) {
  collected()?.poolSize.set(max)
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * The answer to `GET /metrics` on the server's own port: 404 unless METRICS_TOKEN is set, 401
 * unless the request sends it as its bearer token (compared in constant time).
 */
export async function metricsAnswer(request: Request): Promise<Response> {
  const token = serverEnv().METRICS_TOKEN
  const m = collected()
  if (!token || !m) return new Response('Not found', { status: 404 })
  const sent = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? ''
  if (!timingSafeEqual(digest(sent), digest(token)))
    return new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } })
  return new Response(await m.registry.metrics(), {
    headers: { 'Content-Type': m.registry.contentType, 'Cache-Control': 'no-store' },
  })
}

/** Serves /metrics alone, without a token, on METRICS_PORT when it is set; returns its server. */
export function startMetricsServer(): Server | undefined {
  const port = serverEnv().METRICS_PORT
  const m = collected()
  if (!port || !m) return undefined
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end('Not found')
      return
    }
    m.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': m.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    )
  })
  server.listen(port, process.env.HOST || undefined, () => logger.info('Metrics served', { port }))
  return server
}
