/**
 * Checks the configuration when the server starts, so a bad setting stops it before any request.
 * It starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, serves the metrics on their own port
 * when METRICS_PORT is set, and sweeps away stored images that nothing records. On shutdown it
 * stops them, sending the spans still held, and closes the database and Redis, whose open sockets
 * would keep the process alive.
 */
import { definePlugin } from 'nitro'

import { keepUploadsSwept } from '~/features/uploads/uploads.server'

import { closeDatabase } from './database'
import { serverEnv } from './env'
import { markStopping } from './health'
import { startMetricsServer } from './metrics'
import { closeRedisClients } from './redis'
import { startTracing, stopTracing } from './tracing'

export default definePlugin((nitroApp) => {
  serverEnv()
  startTracing()
  const metricsServer = startMetricsServer()
  const stopSweeping = keepUploadsSwept()
  // The server framework handles the stop signals once it listens, just after this runs; readiness
  // turns 503 with them. Where it does not handle them (CI, TEST), no listener is added, as one
  // would keep the signal from ending the process.
  setImmediate(() => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      if (process.listenerCount(signal) > 0) process.prependListener(signal, markStopping)
  })
  nitroApp.hooks.hook('close', async () => {
    metricsServer?.close()
    stopSweeping()
    await Promise.allSettled([closeDatabase(), closeRedisClients(), stopTracing()])
    // Abandoned renders leave long cache timers behind, so force the exit a second later.
    setTimeout(() => process.exit(0), 1000).unref()
  })
})
