import { createFileRoute } from '@tanstack/react-router'

import { database } from '~/server/database'

export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async () => {
        const db = await database()
        const up = await db.ping()
        return Response.json(
          { status: up ? 'ok' : 'degraded', database: { kind: db.kind, up } },
          { status: up ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
        )
      },
    },
  },
})
