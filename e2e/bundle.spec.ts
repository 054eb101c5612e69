import { expect, test } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { chunkMapFile, clientWeight, readChunkMap } from '../scripts/bench/client-weight'
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

function weightOf(html: string) {
  const chunks = readChunkMap()
  if (!chunks) throw new Error(`No ${chunkMapFile}: build with \`vite build\` first`)
  return clientWeight(html, publicDir, chunks)
}

test.describe('what a page outside the manager loads', () => {
  test('/login: no manager or API documentation code', async ({ request }) => {
    const weight = weightOf(await (await request.get('/login')).text())
    expect(weight.files.length).toBeGreaterThan(0)
    expect(weight.forbiddenModules).toEqual([])
  })

  test.describe('signed in', () => {
    test.use({ storageState: storageStateOf('user') })

    test('/app/books: no manager or API documentation code, in its HTML or once in use', async ({
      page,
      request,
    }) => {
      const response = await request.get('/app/books', { maxRedirects: 0 })
      expect(response.status()).toBe(200)
      expect(weightOf(await response.text()).forbiddenModules).toEqual([])

      // And what the browser fetches once the page runs: deferred and lazily loaded code too.
      const loaded = new Set<string>()
      page.on('response', (answer) => {
        const { pathname } = new URL(answer.url())
        if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) loaded.add(pathname)
      })
      await page.goto('/app/books')
      await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      const scripts = [...loaded].map((url) => `<script src="${url}"></script>`).join('')
      expect(weightOf(scripts).forbiddenModules).toEqual([])
    })
  })
})
