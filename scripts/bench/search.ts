/**
 * `pnpm bench:search` runs only the benchmark's book search cases, in a few minutes: the search
 * alone, sorted by author (descending), and filtered by genre, each also while books change.
 * `BENCH_SKIP_BUILD=1` reuses the existing build; `BENCH_AGAINST=<folder>` also measures the built
 * checkout in that folder, in mirrored turns; `BENCH_SECONDS` sets each measurement's length.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'

import postgres from 'postgres'

import { createFreshDatabase } from '~/test/fresh-database'

import { startAppServer } from '../../e2e/support/app-server'
import { signInOverHttp } from '../../e2e/support/auth-api'
import { serverFnGetPath } from '../../e2e/support/server-fn'
import { load, summary } from '../load/autocannon'
import { startCluster } from '../load/cluster'
import { changeBooksEvery, searchTerms, seedVolume } from './volume'

const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const against = process.env.BENCH_AGAINST
const CONNECTIONS = 10
const CHANGE_EVERY_MS = 100

type Figures = ReturnType<typeof summary>

async function measure(url: string, paths: string[], headers: Record<string, string>) {
  const options = {
    url,
    connections: CONNECTIONS,
    requests: paths.map((path) => ({ method: 'GET' as const, path, headers })),
  }
  await load({ ...options, duration: 5 })
  return summary(await load({ ...options, duration: seconds }))
}

const line = (name: string, f: Figures) =>
  `| ${name} | ${f.rps} | ${f.p50} | ${f.p97_5} | ${f.p99} | ${f.errors + f.timeouts + f.non2xx} |`

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('vite', ['build'], { stdio: 'inherit' })
  const cluster = await startCluster()
  try {
    const database = await createFreshDatabase(cluster.url, 'folio_bench_search')
    const volume = await seedVolume(database.url)
    console.log(`Seeded: ${volume?.books} books, ${volume?.users} users`)
    const env = { DATABASE_URL: database.url, RATE_LIMIT_ENABLED: 'false', AUTH_SECRET: randomBytes(32).toString('base64url') }
    const servers = [
      { name: 'this build', server: await startAppServer(env) },
      ...(against ? [{ name: against, server: await startAppServer(env, { cwd: against }) }] : []),
    ]
    try {
      const sql = postgres(database.url, { max: 1, onnotice: () => {} })
      const genres = (await sql<{ id: string }[]>`select id from genre order by name`).map((genre) => genre.id)
      await sql.end()
      // The same terms searched plainly, in another order, and within one genre (a different one each).
      const views = {
        'book search': (searchTerm: string) => ({ searchTerm }),
        'sorted by author, descending': (searchTerm: string) => ({ searchTerm, sort: 'author', desc: true }),
        'filtered by genre': (searchTerm: string, index: number) => ({
          searchTerm,
          genre: genres[index % genres.length],
        }),
      }
      const pathsOf = (view: (searchTerm: string, index: number) => object) =>
        Promise.all(searchTerms.map((term, index) => serverFnGetPath('book--getBooks', view(term, index))))
      // Sign in one server at a time, because a second code for the same user replaces the first.
      const signedIn = []
      for (const { name, server } of servers) {
        const { cookie } = await signInOverHttp('user@example.com', server)
        signedIn.push({ name, url: server.url, headers: { cookie, 'x-tsr-serverFn': 'true' } })
      }
      // Mirrored order (other, this, this, other), so machine drift affects both alike.
      const order = signedIn.length > 1 ? [signedIn[1], signedIn[0], signedIn[0], signedIn[1]] : [signedIn[0]]
      const rows: string[] = []
      for (const changing of [false, true]) {
        const stop = changing ? await changeBooksEvery(database.url, CHANGE_EVERY_MS) : undefined
        try {
          for (const [viewName, view] of Object.entries(views)) {
            const paths = await pathsOf(view)
            for (const target of order) {
              if (!target) continue
              const figures = await measure(target.url, paths, target.headers)
              const name = `${target.name}: ${viewName}${changing ? `, while a book changes every ${CHANGE_EVERY_MS} ms` : ''}`
              console.log(name, figures)
              rows.push(line(name, figures))
            }
          }
        } finally {
          if (stop) console.log(`${await stop()} books changed meanwhile`)
        }
      }
      console.log(
        [
          '',
          `| Case (${searchTerms.length} terms, ${CONNECTIONS} connections, ${seconds} s) | req/s | p50 ms | p97.5 ms | p99 ms | errors |`,
          '| --- | ---: | ---: | ---: | ---: | ---: |',
          ...rows,
        ].join('\n'),
      )
    } finally {
      for (const { server } of servers) await server.stop()
    }
    await database.drop()
  } finally {
    cluster.destroy()
  }
}

await main()
