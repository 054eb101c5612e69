/**
 * On SIGTERM the server stops taking connections, finishes the request in flight, closes its
 * database connections and exits well within 10 s.
 */
import { connect } from 'node:net'

import { expect, test } from '@playwright/test'
import postgres from 'postgres'

import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'

import { startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'
import { halfSentServerFnCall } from './support/server-fn'

test('SIGTERM lets the request in flight finish, closes the database and exits', async () => {
  const serverUrl = testDatabaseServer()
  const database = serverUrl ? await createFreshDatabase(serverUrl, 'folio_shutdown') : undefined
  // srvx skips graceful shutdown when CI or TEST is set, so they are cleared as in a deployment.
  const server = await startAppServer({ CI: '', TEST: '', ...(database && { DATABASE_URL: database.url }) })
  try {
    const { cookie } = await signInOverHttp(undefined, server)
    const inFlight = await halfSentServerFnCall(server.url, 'account--putName', cookie, {
      name: 'Finished Gracefully',
    })
    await new Promise((resolve) => setTimeout(resolve, 500))

    const signalled = Date.now()
    server.signal('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(fetch(`${server.url}/api/health/ready`), 'no new connection once stopping').rejects.toThrow()
    inFlight.finish()
    const answer = await inFlight.answer
    expect(answer.status, await answer.clone().text()).toBe(200)

    expect(await server.exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
    if (database) {
      const server = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} })
      const [open] = await server<{ count: number }[]>`
        select count(*)::int as count from pg_stat_activity
        where datname = ${new URL(database.url).pathname.slice(1)}`
      await server.end()
      expect(open?.count, "the server's connections are closed").toBe(0)
      const own = postgres(database.url, { max: 1, onnotice: () => {} })
      const written = await own`select 1 from "user" where name = 'Finished Gracefully'`
      await own.end()
      expect(written, 'the write acknowledged is in the database').toHaveLength(1)
    }
  } finally {
    await server.stop()
    await database?.drop()
  }
})

test('SIGTERM exits promptly after visitors abandoned pages mid-render', async () => {
  const server = await startAppServer({ CI: '', TEST: '' })
  try {
    const { cookie } = await signInOverHttp(undefined, server)
    // Visitors who leave mid-render must not leave anything that keeps the process alive.
    await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const leave = new AbortController()
        setTimeout(() => leave.abort(), 1 + (n % 20))
        await fetch(`${server.url}/app/books`, { headers: { cookie }, signal: leave.signal })
          .then((response) => response.text())
          .catch(() => undefined)
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const signalled = Date.now()
    server.signal('SIGTERM')
    const exited = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ])
    expect(exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
  } finally {
    await server.stop()
  }
})

test('readiness answers 503 "stopping" from the stop signal on, to a request on a connection still open', async () => {
  const server = await startAppServer({ CI: '', TEST: '' })
  try {
    // A request whose body is half sent keeps its connection open past the signal; a second
    // request sent on it afterwards (pipelined) asks for readiness.
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    let answers = ''
    socket.on('data', (chunk: Buffer) => (answers += chunk.toString()))
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write('POST /no-such-page HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n12345')
    await new Promise((resolve) => setTimeout(resolve, 300))
    server.signal('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    socket.write('67890GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await closed
    expect(answers).toContain('HTTP/1.1 503')
    expect(answers).toContain('{"status":"not ready","reason":"stopping"}')
    expect(await server.exited).toBe(0)
  } finally {
    await server.stop()
  }
})
