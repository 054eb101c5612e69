/**
 * `pnpm bench`: Folio's production build against its own floor, in one run (about ten minutes;
 * outside the default test run and CI). Builds, starts a throwaway PostgreSQL cluster, seeds it
 * with 100,000 books and 10,000 users (each with a session), and measures with autocannon:
 *
 *   - anonymous server rendering of /login, against the floor: a framework-less Node server
 *     streaming the same markup through react-dom/server's renderToReadableStream;
 *   - signed-in server rendering of /app/books and /manager/books?searchTerm=…, and
 *     /api/auth/get-session, against the floor that first reads the session row by its token;
 *   - book search (the server function the list calls) over fixed selective and unselective terms,
 *     then the same while a book changes every 100 ms.
 *
 * Then the weight of the JavaScript /login loads and Lighthouse's mobile scores. Prints a table
 * and writes bench/results.json and bench/results.md. `BENCH_SECONDS` sets each case's length.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { createFreshDatabase } from '~/test/fresh-database'

import { freePort, startAppServer } from '../../e2e/support/app-server'
import { signInOverHttp } from '../../e2e/support/auth-api'
import { serverFnGetPath } from '../../e2e/support/server-fn'
import { load, summary } from '../load/autocannon'
import { startCluster } from '../load/cluster'
import { type ClientWeight, clientWeight, readChunkMap } from './client-weight'
import { type LighthousePageResult, runLighthouse } from './lighthouse'
import { changeBooksEvery, searchTerms, seedVolume } from './volume'

/** A page's JavaScript weight as the results keep it: files and totals, not module names. */
type BenchWeight = Omit<ClientWeight, 'modules'>

const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const warmUpSeconds = 5

async function startFloor(databaseUrl: string, htmlFile: string) {
  const port = await freePort()
  const floor = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      FLOOR_HTML_FILE: htmlFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    floor.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('floor ready') && resolve())
    floor.once('exit', (code) => reject(new Error(`The floor server exited (${code})`)))
  })
  return { url: `http://127.0.0.1:${port}`, stop: () => floor.kill('SIGTERM') }
}

type Request = { path: string; headers?: Record<string, string> }
type Figures = ReturnType<typeof summary>
type FloorName = 'floor' | 'floor with session' | 'floor with session, 10 connections'
type Case = { name: string; floor: FloorName; connections: number; figures: Figures }
const SEARCH = `book search (${searchTerms.length} terms)`
/** Ten changes a second: far more than a back office makes. */
const CHANGE_EVERY_MS = 100
const SEARCH_WHILE_CHANGING = `book search while a book changes every ${CHANGE_EVERY_MS} ms`

async function measure(url: string, requests: Request[], connections: number) {
  const options = {
    url,
    connections,
    requests: requests.map((request) => ({ method: 'GET' as const, ...request })),
  }
  await load({ ...options, duration: warmUpSeconds })
  return summary(await load({ ...options, duration: seconds }))
}

const pageHtml = async (base: string, path: string, cookie: string) =>
  (await fetch(`${base}${path}`, { headers: { cookie } })).text()

async function main() {
  execFileSync('vite', ['build'], { stdio: 'inherit' })
  const cluster = await startCluster()
  const work = mkdtempSync(path.join(tmpdir(), 'folio-bench-'))
  try {
    const database = await createFreshDatabase(cluster.url, 'folio_bench')
    const volume = await seedVolume(database.url)
    console.log(`Seeded: ${volume?.books} books, ${volume?.users} users`)
    // Rate limits off: the load comes from one address, as a real deployment's never does.
    const app = await startAppServer({ DATABASE_URL: database.url, RATE_LIMIT_ENABLED: 'false' })
    try {
      const { cookie: user } = await signInOverHttp('user@example.com', app)
      const { cookie: admin } = await signInOverHttp('admin@example.com', app)
      const loginHtml = await (await fetch(`${app.url}/login`)).text()
      const htmlFile = path.join(work, 'login.html')
      writeFileSync(htmlFile, loginHtml)
      const floor = await startFloor(database.url, htmlFile)
      try {
        const floorHtml = await (await fetch(floor.url)).text()
        const searchPaths = await Promise.all(
          searchTerms.map((searchTerm) => serverFnGetPath('book--getBooks', { searchTerm })),
        )
        const serverFn = { cookie: user, 'x-tsr-serverFn': 'true' }
        const floors: Record<FloorName, Figures> = {
          floor: await measure(floor.url, [{ path: '/' }], 50),
          'floor with session': await measure(
            floor.url,
            [{ path: '/session', headers: { cookie: user } }],
            50,
          ),
          'floor with session, 10 connections': await measure(
            floor.url,
            [{ path: '/session', headers: { cookie: user } }],
            10,
          ),
        }
        const cases: Case[] = []
        const run = async (name: string, against: FloorName, requests: Request[], connections = 50) => {
          const figures = await measure(app.url, requests, connections)
          cases.push({ name, floor: against, connections, figures })
          console.log(name, figures)
        }
        await run('/login (anonymous)', 'floor', [{ path: '/login' }])
        await run('/app/books (signed in)', 'floor with session', [
          { path: '/app/books', headers: { cookie: user } },
        ])
        await run('/manager/books?searchTerm=night (admin)', 'floor with session', [
          { path: '/manager/books?searchTerm=night', headers: { cookie: admin } },
        ])
        await run('/api/auth/get-session', 'floor with session', [
          { path: '/api/auth/get-session', headers: { cookie: user } },
        ])
        const searches = searchPaths.map((searchPath) => ({ path: searchPath, headers: serverFn }))
        await run(SEARCH, 'floor with session, 10 connections', searches, 10)
        // The same while books change: every change raises the book version, so each term's count
        // and first page are read again (once, however many ask at the same time).
        const stopChanging = await changeBooksEvery(database.url, CHANGE_EVERY_MS)
        try {
          await run(SEARCH_WHILE_CHANGING, 'floor with session, 10 connections', searches, 10)
        } finally {
          console.log(`${await stopChanging()} books changed meanwhile`)
        }
        const chunks = readChunkMap()
        const weightOf = (html: string): BenchWeight => {
          const { modules: _modules, ...weight } = clientWeight(html, '.output/public', chunks)
          return weight
        }
        const weight = {
          '/login': weightOf(loginHtml),
          '/app/books': weightOf(await pageHtml(app.url, '/app/books', user)),
        }
        const lighthouse = await runLighthouse({
          baseUrl: app.url,
          pages: [
            { path: '/login' },
            { path: '/app/books', cookie: user },
            { path: '/manager/books', cookie: admin },
          ],
          onRun: (page, run, scores) => console.log(`Lighthouse ${page} #${run}`, scores.performance),
        })
        report({
          volume,
          markup: { app: loginHtml.length, floor: floorHtml.length },
          floors,
          cases,
          weight,
          lighthouse,
        })
      } finally {
        floor.stop()
      }
    } finally {
      await app.stop()
    }
  } finally {
    cluster.destroy()
    rmSync(work, { recursive: true, force: true })
  }
}

type Results = {
  volume: unknown
  markup: { app: number; floor: number }
  floors: Record<FloorName, Figures>
  cases: Case[]
  weight: Record<string, BenchWeight>
  lighthouse: LighthousePageResult[]
}

const ratio = (results: Results, { figures, floor }: Case) => figures.rps / results.floors[floor].rps
const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10
const percent = (value: number) => `${Math.round(value * 100)}%`

/** The performance targets, each with what this run measured. */
function targets(results: Results) {
  const byName = (name: string) => results.cases.find((entry) => entry.name.startsWith(name))
  const list: { target: string; measured: string; met: boolean }[] = []
  const loginPage = byName('/login')
  if (loginPage)
    list.push({
      target: '/login: ≥ 50% of the floor’s req/s, p99 ≤ 50 ms (50 connections)',
      measured: `${percent(ratio(results, loginPage))}, p99 ${loginPage.figures.p99} ms`,
      met: ratio(results, loginPage) >= 0.5 && loginPage.figures.p99 <= 50,
    })
  for (const page of [byName('/app/books'), byName('/manager/books')].filter((entry) => entry !== undefined))
    list.push({
      target: `${page.name.split(' ')[0]}: ≥ 40% of the floor with session’s req/s`,
      measured: percent(ratio(results, page)),
      met: ratio(results, page) >= 0.4,
    })
  const session = byName('/api/auth/get-session')
  if (session)
    list.push({
      target: 'get-session: p99 ≤ 20 ms (50 connections, no session cache)',
      measured: `p99 ${session.figures.p99} ms`,
      met: session.figures.p99 <= 20,
    })
  const search = byName(SEARCH)
  if (search)
    list.push({
      target: 'book search: p97.5 ≤ 20 ms (10 connections, mixed terms)',
      measured: `p97.5 ${search.figures.p97_5} ms`,
      met: search.figures.p97_5 <= 20,
    })
  const failed = results.cases.reduce((sum, { figures: f }) => sum + f.errors + f.timeouts + f.non2xx, 0)
  list.push({ target: 'zero errors', measured: `${failed} errors, timeouts or non-2xx`, met: failed === 0 })
  const login = results.weight['/login']
  if (login)
    list.push({
      target: 'JavaScript /login loads: ≤ 110 KB gzip',
      measured: `${kilobytes(login.gzipTotal)} KB in ${login.files.length} files`,
      met: login.gzipTotal <= 110 * 1024,
    })
  const forbidden = Object.values(results.weight).flatMap((weight) => weight.forbiddenModules)
  list.push({
    target: 'no manager or API documentation code on /login or /app/books',
    measured: forbidden.length === 0 ? 'none' : forbidden.join(', '),
    met: forbidden.length === 0,
  })
  for (const { path, median } of results.lighthouse) {
    const performance = path === '/login' ? 100 : 95
    list.push({
      target: `Lighthouse ${path} (mobile, median of 3): performance ≥ ${performance}, accessibility 100, best practices ≥ 95, CLS 0`,
      measured: `${median.performance} / ${median.accessibility} / ${median.bestPractices} / CLS ${median.cls}`,
      met:
        median.performance >= performance &&
        median.accessibility === 100 &&
        median.bestPractices >= 95 &&
        median.cls === 0,
    })
  }
  return list
}

function report(results: Results) {
  const rows = [
    ...Object.entries(results.floors).map(([name, figures]) => ({ name, figures, versus: '' })),
    ...results.cases.map((entry) => ({
      name: entry.name,
      figures: entry.figures,
      versus: `${percent(ratio(results, entry))} of ${entry.floor}`,
    })),
  ]
  const measured = [
    '| Case | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | vs floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      ({ name, figures: f, versus }) =>
        `| ${name} | ${f.rps} | ${f.p50} | ${f.p97_5} | ${f.p99} | ${f.errors + f.timeouts} | ${f.non2xx} | ${versus} |`,
    ),
  ].join('\n')
  const goals = targets(results)
  const goalTable = [
    '| Target | Measured | Met |',
    '| --- | --- | --- |',
    ...goals.map(
      ({ target, measured: value, met }) => `| ${target} | ${value} | ${met ? 'yes' : '**no**'} |`,
    ),
  ].join('\n')
  const weights = [
    '| Page | JavaScript files | raw KB | gzip KB |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(results.weight).map(
      ([page, weight]) =>
        `| ${page} | ${weight.files.length} | ${kilobytes(weight.bytesTotal)} | ${kilobytes(weight.gzipTotal)} |`,
    ),
  ].join('\n')
  const scores = [
    '| Page (median of 3) | Performance | Accessibility | Best practices | CLS | FCP ms | LCP ms | TBT ms | CPU index |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.lighthouse.map(
      ({ path, median: m }) =>
        `| ${path} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.cls} | ${Math.round(m.fcpMs)} | ${Math.round(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${Math.round(m.benchmarkIndex)} |`,
    ),
  ].join('\n')
  const markup = `Floor markup: ${results.markup.floor} bytes; the app's /login: ${results.markup.app} bytes.`
  const text = `${measured}\n\n${markup}\n\n${weights}\n\n${scores}\n\n${goalTable}\n`
  console.log(`\n${text}`)
  mkdirSync('bench', { recursive: true })
  const at = new Date().toISOString()
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify({ at, seconds, ...results, targets: goals }, null, 2)}\n`,
  )
  writeFileSync('bench/results.md', `# pnpm bench, ${at}\n\n${text}`)
}

await main()
