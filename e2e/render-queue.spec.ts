/**
 * The render queue on a production server with one slot: pages whose reader went away, while
 * rendering or while waiting for the slot, give it back, so the pages asked for next are served.
 * A slot kept by any of them would leave every later page waiting. On PostgreSQL a signed-in page
 * waits for its queries, so the others queue behind it (an embedded database answers within the
 * same turn of the event loop, and pages then seldom overlap).
 */
import { expect, test } from '@playwright/test'

import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'

import { startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'

test('pages abandoned while rendering or waiting give their slot back', async () => {
  const serverUrl = testDatabaseServer()
  const database = serverUrl ? await createFreshDatabase(serverUrl, 'folio_render_queue') : undefined
  const server = await startAppServer({ RENDER_SLOTS: '1', ...(database && { DATABASE_URL: database.url }) })
  try {
    const { cookie } = await signInOverHttp(undefined, server)
    const page = (signal: AbortSignal) => fetch(`${server.url}/app/books`, { headers: { cookie }, signal })
    // Twenty at once on one slot, each given up after 0 to 40 ms: one renders, the others wait.
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const leaving = new AbortController()
        setTimeout(() => leaving.abort(), (index % 5) * 10)
        await page(leaving.signal)
          .then((response) => response.text())
          .catch(() => undefined)
      }),
    )
    for (let turn = 0; turn < 3; turn++) {
      const response = await page(AbortSignal.timeout(10_000))
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('</html>')
    }
    expect(server.log(), 'a reader going away is no server error').not.toMatch(/"level":"error"/)
  } finally {
    await server.stop()
    await database?.drop()
  }
})
