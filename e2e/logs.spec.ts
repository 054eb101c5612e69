/**
 * The production log is one JSON object per line. Each request is logged with its id and, once
 * known, the user's id, and a whole sign-in flow logs no code, token, cookie or secret.
 */
import { expect, test } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'

import { codeOf } from '~/test/mailbox'
import { cookieFrom } from '~/test/cookies'

import { startAppServer } from './support/app-server'
import { callAuthRoute, signInOverHttp } from './support/auth-api'
import { uniqueEmail } from './support/fixtures'
import { serverFnGetPath } from './support/server-fn'

const secret = randomBytes(32).toString('base64url')
let server: Awaited<ReturnType<typeof startAppServer>>

test.beforeAll(async () => {
  // Behind a trusted proxy, the server keeps the proxy's X-Request-Id.
  server = await startAppServer({ AUTH_SECRET: secret, TRUSTED_IP_HEADER: 'x-forwarded-for' })
})
test.afterAll(async () => {
  await server?.stop()
})

type Line = { level: string; time: string; message: string; requestId?: string; userId?: string } & Record<
  string,
  unknown
>

test('structured lines with request and user ids, and no credential in them', async () => {
  const email = uniqueEmail('logs')
  const since = server.mailbox.messages.length
  await callAuthRoute('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, server })
  const code = codeOf(await server.mailbox.waitFor(email, { since }))
  const wrong = code === '000000' ? '111111' : '000000'
  expect((await callAuthRoute('/sign-in/email-otp', { body: { email, otp: wrong }, server })).status).toBe(
    400,
  )
  const signIn = await callAuthRoute('/sign-in/email-otp', { body: { email, otp: code }, server })
  expect(signIn.status).toBe(200)
  const { user } = (await signIn.json()) as { user: { id: string } }
  const cookie = cookieFrom(signIn)
  const cookieValue = /session_token=([^;]+)/.exec(cookie)?.[1] ?? 'no session cookie'
  const token = decodeURIComponent(cookieValue).split('.')[0] ?? ''
  expect(token.length).toBeGreaterThan(16)

  const page = await fetch(`${server.url}/app/books`, { headers: { cookie }, redirect: 'manual' })
  const pageId = page.headers.get('x-request-id')
  expect(pageId).toMatch(/^[\w-]{8,}$/)
  const fn = await fetch(`${server.url}/api/fn/auth--getCurrentSession`, {
    headers: { cookie, 'x-tsr-serverFn': 'true' },
  })
  expect(fn.status).toBe(200)
  const chosen = 'proxy-request-0001'
  await fetch(`${server.url}/login`, { headers: { 'x-request-id': chosen } })
  expect((await callAuthRoute('/sign-out', { cookie, server })).status).toBe(200)

  const log = server.log()
  // The server's start-up banner is the only line that is not JSON.
  const lines = log.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('➜ Listening on:'))
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line) as Line
    } catch {
      throw new Error(`not a JSON line: ${line}`)
    }
  })
  for (const line of parsed)
    expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String) })

  const requests = parsed.filter((line) => line.message === 'request')
  const find = (path: string, status?: number) =>
    requests.find((line) => line.path === path && (status === undefined || line.status === status))
  expect(find('/app/books')).toMatchObject({ requestId: pageId, userId: user.id, method: 'GET' })
  expect(find('/api/fn/auth--getCurrentSession')).toMatchObject({ userId: user.id, status: 200 })
  expect(find('/api/auth/sign-in/email-otp', 200)).toMatchObject({ userId: user.id })
  expect(find('/api/auth/sign-in/email-otp', 400)?.userId).toBeUndefined()
  expect(find('/login')).toMatchObject({ requestId: chosen })
  // The probes, asked while the server started, are not logged at the default level.
  expect(requests.filter((line) => String(line.path).startsWith('/api/health/'))).toEqual([])
  expect(requests.every((line) => typeof line.requestId === 'string' && typeof line.ms === 'number')).toBe(
    true,
  )

  for (const [what, value] of Object.entries({ code, wrong, token, cookieValue, secret }))
    expect({ what, found: log.includes(value) }).toEqual({ what, found: false })
})

test('a request the client gives up on is logged as aborted, in one line without a stack', async () => {
  const { cookie } = await signInOverHttp('admin@example.com', server)
  const since = server.log().length
  const { port } = new URL(server.url)
  const search = await serverFnGetPath('book--getBooks', { searchTerm: '' })
  // Raw requests whose connection closes after a delay, for some before the answer.
  const abandon = (path: string, afterMs: number) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nx-tsr-serverFn: true\r\nCookie: ${cookie}\r\n\r\n`,
        )
        setTimeout(() => socket.destroy(), afterMs)
      })
      socket.on('close', () => resolve())
    })
  // Whether the server sees a close before it answers depends on timing, so try until one is seen.
  const seen = () => server.log().slice(since).includes('"message":"request aborted by the client"')
  for (const afterMs of [1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200]) {
    await Promise.all([abandon(search, afterMs), abandon('/manager/books', afterMs)])
    if (seen()) break
  }
  await expect.poll(seen).toBe(true)
  await new Promise((resolve) => setTimeout(resolve, 500))

  const lines = server
    .log()
    .slice(since)
    .split('\n')
    .filter((line) => line.trim() !== '')
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line) as Line
    } catch {
      throw new Error(`not a JSON line: ${line}`)
    }
  })
  const aborted = parsed.filter((line) => line.message === 'request aborted by the client')
  for (const line of aborted) {
    expect(line).toMatchObject({ level: 'info', method: 'GET', ms: expect.any(Number) })
    expect(line.status).toBeUndefined()
  }
  expect(parsed.filter((line) => line.status === 500)).toEqual([])
  expect(parsed.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([])
})
