import { createFileRoute } from '@tanstack/react-router'

import { probeAnswer, readiness } from '~/server/health'

/** Readiness: 200 when this instance can serve, 503 with the reason while it cannot. */
export const Route = createFileRoute('/api/health/ready')({
  server: {
    handlers: {
      GET: async () => {
        const state = await readiness()
        return probeAnswer(state, state.status === 'ready')
      },
    },
  },
})
