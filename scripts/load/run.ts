/**
 * `pnpm test:load` (about three minutes; `pnpm test:load instances|load|restart` runs one part)
 * tests the production build against a throwaway PostgreSQL. Figures go to `load/results.json`.
 * Checks, numbered as in the output:
 *   1. Two instances share sessions, sign-outs and rate limits, with and without Redis.
 *   2. 60 s of mixed traffic at 50 connections answers only 2xx.
 *   3–4. While the database restarts, answers are 503; within 5 s of its return all is served
 *        again and no acknowledged write is lost.
 *   7. Memory after 60 s of load stays near its level after warm-up.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import postgres from 'postgres'

import { createFreshDatabase } from '~/test/fresh-database'
import { testRedisUrl } from '~/test/redis'

import { startAppServer } from '../../e2e/support/app-server'
import { callAuthRoute, signInOverHttp } from '../../e2e/support/auth-api'
import { serverFnGetPath, serverFnPayload, serverFnPostHeaders } from '../../e2e/support/server-fn'
import { load, summary } from './autocannon'
import { type Cluster, startCluster } from './cluster'

type Server = Awaited<ReturnType<typeof startAppServer>>

const results: Record<string, unknown> = {}
const failures: string[] = []
const redisUrl = testRedisUrl
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function check(name: string, ok: boolean, detail: unknown = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail === '' ? '' : `  ${JSON.stringify(detail)}`}`)
  if (!ok) failures.push(name)
}

const clientIp = (ip: string) => ({ 'x-client-ip': ip })

async function sessionEmail(server: Server, cookie: string) {
  const response = await callAuthRoute('/get-session', { method: 'GET', cookie, server })
  return ((await response.json()) as { user: { email: string } } | null)?.user.email ?? null
}

async function someGenre(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const [row] = await sql<{ id: string }[]>`select id from genre order by name limit 1`
  await sql.end()
  if (!row) throw new Error('no genre')
  return row.id
}

const writeHeaders = (server: Server, cookie: string) => ({ cookie, ...serverFnPostHeaders(server.url) })

/** Check 1: two instances over one database (and Redis when given). */
async function twoInstances(databaseUrl: string, redis: string) {
  const label = redis ? 'with Redis' : 'database only'
  // Both instances share their configuration, including the secret that signs cookies.
  const env = {
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis,
    RATE_LIMIT_ENABLED: 'true',
    TRUSTED_IP_HEADER: 'x-client-ip',
    CODE_RESEND_SECONDS: '0',
    CODE_LIMIT_PER_HOUR: '1000',
  }
  const [a, b] = await Promise.all([startAppServer(env), startAppServer(env)])
  try {
    const tag = crypto.randomUUID().slice(0, 8)
    // New test addresses each run, because Redis keeps its counts between runs. Each is in its own
    // /64, because better-auth counts an IPv6 client by its /64.
    const [high = 0, low = 0] = crypto.getRandomValues(new Uint16Array(2))
    const ip = (n: number) => `2001:db8:${high.toString(16)}:${((low + n) & 0xffff).toString(16)}::1`
    const email = `two-${tag}@example.test`
    const { cookie } = await signInOverHttp(email, a, clientIp(ip(1)))
    check(`1 (${label}): a session made on A is valid on B`, (await sessionEmail(b, cookie)) === email)
    await callAuthRoute('/sign-out', { cookie, server: a })
    check(
      `1 (${label}): signed out on A, refused on B at the next request`,
      (await sessionEmail(b, cookie)) === null,
    )
    const { cookie: again } = await signInOverHttp(email, b, clientIp(ip(2)))
    await callAuthRoute('/revoke-sessions', { cookie: again, server: b })
    check(
      `1 (${label}): revoked on B, refused on A at the next request`,
      (await sessionEmail(a, again)) === null,
    )

    // One IP asks both instances for codes in turn; the limit must count both together.
    const statuses: number[] = []
    for (let n = 0; n < 10; n++) {
      const server = n % 2 === 0 ? a : b
      const response = await callAuthRoute('/email-otp/send-verification-otp', {
        body: { email: `limit-${tag}-${n}@example.test`, type: 'sign-in' },
        server,
        headers: clientIp(ip(3)),
      })
      statuses.push(response.status)
    }
    const allowed = statuses.filter((status) => status === 200).length
    check(
      `1 (${label}): code requests counted across both instances (at most 3 a minute)`,
      allowed === 3,
      statuses,
    )
    results[`twoInstances ${label}`] = { allowedOf10: allowed, statuses }
  } finally {
    await Promise.all([a.stop(), b.stop()])
  }
}

function residentMemory(pid: number | undefined) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
}

/** Checks 2 and 7: mixed load, then memory over /login and a signed-in page. */
async function loadAndMemory(databaseUrl: string) {
  const server = await startAppServer({ DATABASE_URL: databaseUrl })
  try {
    const { cookie: user } = await signInOverHttp('user@example.com', server)
    const { cookie: admin } = await signInOverHttp('admin@example.com', server)
    const template = await serverFnPayload({
      title: '{title}',
      author: 'Load Author',
      genreId: await someGenre(databaseUrl),
    })
    const search = await serverFnGetPath('book--getBooks', { searchTerm: 'love' })
    let created = 0
    const mixed = await load({
      url: server.url,
      connections: 50,
      duration: 60,
      requests: [
        { method: 'GET', path: '/login' },
        { method: 'GET', path: '/login/verify?email=someone%40example.com' },
        { method: 'GET', path: '/app/books', headers: { cookie: user } },
        { method: 'GET', path: search, headers: { cookie: user, 'x-tsr-serverFn': 'true' } },
        {
          method: 'POST',
          path: '/api/fn/book--postBook',
          headers: writeHeaders(server, admin),
          setupRequest: (request) => ({
            ...request,
            body: template.replace('{title}', `Load ${process.pid} ${++created}`),
          }),
        },
      ],
    })
    results.load = summary(mixed)
    check(
      '2: 60 s of mixed traffic at 50 connections, no error',
      mixed.errors === 0 && mixed.timeouts === 0,
      summary(mixed),
    )
    check('2: every answer 2xx', mixed.non2xx === 0, { non2xx: mixed.non2xx })

    const pages = [
      { method: 'GET' as const, path: '/login' },
      { method: 'GET' as const, path: '/app/books', headers: { cookie: user } },
    ]
    await load({ url: server.url, connections: 50, duration: 15, requests: pages })
    const afterWarmUp = residentMemory(server.pid)
    const steady = await load({ url: server.url, connections: 50, duration: 60, requests: pages })
    const afterLoad = residentMemory(server.pid)
    const growth = afterLoad / afterWarmUp - 1
    results.memory = {
      afterWarmUpMb: Math.round(afterWarmUp / 2 ** 20),
      afterLoadMb: Math.round(afterLoad / 2 ** 20),
      growthPercent: Math.round(growth * 1000) / 10,
      load: summary(steady),
    }
    check('7: resident memory grew at most 15% after warm-up', growth <= 0.15, results.memory)
  } finally {
    await server.stop()
  }
}

/** Checks 3 and 4: the database goes away under traffic and comes back. */
async function databaseRestart(databaseUrl: string, cluster: Cluster) {
  const server = await startAppServer({ DATABASE_URL: databaseUrl })
  const acknowledged: string[] = []
  const seen = new Map<string, number>()
  try {
    const { cookie: admin } = await signInOverHttp('admin@example.com', server)
    const genreId = await someGenre(databaseUrl)
    let running = true
    let phase = 'before'
    const count = (key: string) => seen.set(`${phase} ${key}`, (seen.get(`${phase} ${key}`) ?? 0) + 1)
    const writer = (async () => {
      for (let n = 0; running; n++) {
        const title = `Restart ${process.pid} ${n}`
        const response = await fetch(`${server.url}/api/fn/book--postBook`, {
          method: 'POST',
          headers: writeHeaders(server, admin),
          body: await serverFnPayload({ title, author: 'Restart', genreId }),
        }).catch(() => undefined)
        count(`write ${response?.status ?? 'no answer'}`)
        if (response?.status === 200) acknowledged.push(title)
        await sleep(50)
      }
    })()
    const read = async () => {
      const response = await fetch(
        `${server.url}${await serverFnGetPath('book--getBooks', { searchTerm: '' })}`,
        {
          headers: { cookie: admin, 'x-tsr-serverFn': 'true' },
        },
      ).catch(() => undefined)
      return response?.status ?? 0
    }
    const health = async () =>
      (await fetch(`${server.url}/api/health/ready`).catch(() => undefined))?.status ?? 0

    await sleep(2000)
    phase = 'down'
    cluster.stop()
    const down = { health: new Set<number>(), read: new Set<number>() }
    for (let n = 0; n < 10; n++) {
      down.health.add(await health())
      down.read.add(await read())
      await sleep(200)
    }
    check(
      '4: /api/health/ready answers 503 while the database is down',
      [...down.health].every((s) => s === 503),
      [...down.health],
    )
    check(
      '3: protected calls answer 503 while it is down, never 200',
      [...down.read].every((s) => s === 503),
      [...down.read],
    )

    cluster.start()
    const back = Date.now()
    phase = 'after'
    let servingAfterMs = -1
    while (Date.now() - back < 15_000) {
      if ((await health()) === 200 && (await read()) === 200) {
        servingAfterMs = Date.now() - back
        break
      }
      await sleep(100)
    }
    check('4: /api/health/ready answers 200 again', servingAfterMs >= 0)
    check(
      '3: serving again within 5 s of the database’s return, without a restart',
      servingAfterMs >= 0 && servingAfterMs <= 5000,
      { servingAfterMs },
    )
    await sleep(1000)
    running = false
    await writer

    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    const stored = new Set(
      (await sql<{ title: string }[]>`select title from book where author = 'Restart'`).map(
        (row) => row.title,
      ),
    )
    await sql.end()
    const lost = acknowledged.filter((title) => !stored.has(title))
    check('3: every write acknowledged is in the database', lost.length === 0, {
      acknowledged: acknowledged.length,
      lost,
    })
    results.databaseRestart = {
      servingAfterMs,
      acknowledged: acknowledged.length,
      lost: lost.length,
      answers: Object.fromEntries(seen),
    }
  } finally {
    await server.stop()
  }
}

async function main() {
  execFileSync('vite', ['build'], { stdio: 'inherit' })
  const only = process.argv[2]
  const cluster = await startCluster()
  try {
    const database = await createFreshDatabase(cluster.url, 'folio_load')
    if (!only || only === 'instances') {
      await twoInstances(database.url, '')
      await twoInstances(database.url, redisUrl)
    }
    if (!only || only === 'load') await loadAndMemory(database.url)
    if (!only || only === 'restart') await databaseRestart(database.url, cluster)
  } finally {
    cluster.destroy()
  }
  // A partial run updates its own figures and keeps the others.
  const file = 'load/results.json'
  const previous =
    only && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { results: object }) : undefined
  mkdirSync('load', { recursive: true })
  const all = { ...previous?.results, ...results }
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), failures, results: all }, null, 2)}\n`,
  )
  console.log(
    failures.length === 0 ? 'All checks passed' : `${failures.length} failed: ${failures.join('; ')}`,
  )
  process.exitCode = failures.length === 0 ? 0 : 1
}

await main()
