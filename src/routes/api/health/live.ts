import { createFileRoute } from '@tanstack/react-router'

import { probeAnswer } from '~/server/health'

/** Liveness: the process answers. It asks nothing else, so a database outage never restarts it. */
export const Route = createFileRoute('/api/health/live')({
  server: { handlers: { GET: () => probeAnswer({ status: 'ok' }, true) } },
})
