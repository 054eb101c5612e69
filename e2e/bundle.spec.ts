import { itemLinks } from './support/fixtures'
import { expect, type Page, test } from '@playwright/test'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import {
  type Area,
  chunkMapFile,
  clientWeight,
  pageBudgets,
  readChunkMap,
} from '../scripts/bench/client-weight'
import { storageStateOf } from './support/roles'

const assets = path.resolve('.output/public/assets')

test('the browser bundle holds none of the server modules that read secrets', () => {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'))
  expect(files.length).toBeGreaterThan(0)
  const bundle = files.map((file) => readFileSync(path.join(assets, file), 'utf8')).join('\n')
  for (const marker of [
    // src/server/env.ts, which reads and validates every secret
    'is required in production',
    'GITHUB_CLIENT_SECRET',
    'TURNSTILE_SECRET_KEY',
    // e-mail, database and auth server code
    'Sign-in code sent',
    'nodemailer',
    'electric-sql',
    'drizzle-orm',
    'drizzleAdapter',
  ]) {
    expect(bundle, marker).not.toContain(marker)
  }
})

const publicDir = path.resolve('.output/public')

const { loginJavaScriptBytes, htmlBytes } = pageBudgets

/**
 * A new entity may add to /login only its route-tree entries and its schema, whose list address
 * the router reads before any page loads (about 1 KB in all, for each entity). The new-entity
 * check passes the weight before generation in `LOGIN_WEIGHT_BEFORE`.
 */
const weightFile = 'test-results/login-weight.json'
const routeTreeModule = /^src\/(routes\/[^?]*|routeTree\.gen\.ts|features\/[^/]+\/schema\.ts)$/
const entitySchema = /^src\/features\/[^/]+\/schema\.ts$/
const maxGrowthBytesPerEntity = 1_000
/** What a new entity adds to a manager page's HTML: its nav link, texts and a few chunk names. */
const newEntityHtmlBytes = process.env.LOGIN_WEIGHT_BEFORE ? 2_048 : 0

/** Packages loaded only when the page needs them. */
const loadedWhenNeeded =
  /node_modules\/(i18next-browser-languagedetector|i18next-http-backend|sonner|@marsidev\/react-turnstile)\//

/** The JavaScript a page loads, with any module of the `outside` areas it has no business loading. */
function weightOf(html: string, outside: ReadonlyArray<Area>) {
  const chunks = readChunkMap()
  if (!chunks) throw new Error(`No ${chunkMapFile}: build with \`vite build\` first`)
  return clientWeight(html, publicDir, chunks, outside)
}

/** Every JavaScript file the browser fetches for a page, deferred and lazily loaded ones too. */
async function scriptsLoadedBy(page: Page, url: string, heading: string | RegExp) {
  const loaded = new Set<string>()
  page.on('response', (answer) => {
    const { pathname } = new URL(answer.url())
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) loaded.add(pathname)
  })
  await page.goto(url)
  await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  await page.waitForLoadState('networkidle')
  return [...loaded].map((script) => `<script src="${script}"></script>`).join('')
}

test.describe('what a page loads', () => {
  test('/login: within its HTML and JavaScript budgets, and no code of the manager or the app', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/login', { headers: { 'accept-encoding': 'identity' } })).text()
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(htmlBytes['/login'])
    const weight = weightOf(html, ['manager', 'app'])
    expect(weight.files.length).toBeGreaterThan(0)
    expect(weight.forbiddenModules).toEqual([])
    const listing = weight.files.map((file) => `${file.path} ${file.gzipBytes}`).join('\n')
    expect(weight.gzipTotal, listing).toBeLessThanOrEqual(loginJavaScriptBytes)
    mkdirSync(path.dirname(weightFile), { recursive: true })
    writeFileSync(weightFile, JSON.stringify({ gzipTotal: weight.gzipTotal, modules: weight.modules }))
    const before = process.env.LOGIN_WEIGHT_BEFORE
    if (before) {
      const earlier = JSON.parse(readFileSync(before, 'utf8')) as { gzipTotal: number; modules: string[] }
      const added = weight.modules.filter((id) => !earlier.modules.includes(id))
      expect(added.filter((id) => !routeTreeModule.test(id))).toEqual([])
      const entities = Math.max(1, added.filter((id) => entitySchema.test(id)).length)
      expect(weight.gzipTotal - earlier.gzipTotal).toBeLessThanOrEqual(maxGrowthBytesPerEntity * entities)
    }
    expect(weight.modules.filter((id) => loadedWhenNeeded.test(id))).toEqual([])

    const loaded = await scriptsLoadedBy(page, '/login', /^(Sign in or sign up|Login to your account)$/)
    expect(weightOf(loaded, ['manager', 'app']).forbiddenModules).toEqual([])
  })

  test.describe('signed in', () => {
    test.use({ storageState: storageStateOf('user') })

    test('/app/books: no manager or API documentation code, in its HTML or once in use', async ({
      page,
      request,
    }) => {
      const response = await request.get('/app/books', { maxRedirects: 0 })
      expect(response.status()).toBe(200)
      expect(weightOf(await response.text(), ['manager']).forbiddenModules).toEqual([])

      const loaded = await scriptsLoadedBy(page, '/app/books', 'Books')
      expect(weightOf(loaded, ['manager']).forbiddenModules).toEqual([])
    })
  })

  test.describe('as an admin', () => {
    test.use({ storageState: storageStateOf('admin') })

    test('/manager/books with 20 rows: within its HTML budget, and no code of the app', async ({
      page,
      request,
    }) => {
      const response = await request.get('/manager/books', { headers: { 'accept-encoding': 'identity' } })
      const html = await response.text()
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(htmlBytes['/manager/books'] + newEntityHtmlBytes)
      expect(weightOf(html, ['app']).forbiddenModules).toEqual([])

      const loaded = await scriptsLoadedBy(page, '/manager/books', 'Books')
      expect(await itemLinks(page).count()).toBe(20)
      expect(weightOf(loaded, ['app']).forbiddenModules).toEqual([])
    })
  })
})
