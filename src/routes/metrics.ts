import { createFileRoute } from '@tanstack/react-router'

import { metricsAnswer } from '~/server/metrics'

/** Prometheus metrics, closed unless METRICS_TOKEN is set and sent as a bearer token. */
export const Route = createFileRoute('/metrics')({
  server: { handlers: { GET: ({ request }) => metricsAnswer(request) } },
})
