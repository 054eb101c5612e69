import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'

import type { ChunkMap } from './chunk-map-plugin'
import { clientWeight, scriptUrls } from './client-weight'

const publicDir = mkdtempSync(path.join(tmpdir(), 'folio-client-weight-'))
afterAll(() => rmSync(publicDir, { recursive: true, force: true }))

const files = {
  'assets/entry.js':
    'import{a}from"./shared.js";import"./shared.js";const lazy=()=>import("./admin.js");a(lazy)',
  'assets/shared.js': 'export const a=(f)=>f;'.repeat(20),
  'assets/page.js': 'import{a}from"./shared.js";a(1)',
  'assets/admin.js': 'export const admin=1',
}
mkdirSync(path.join(publicDir, 'assets'))
for (const [file, code] of Object.entries(files)) writeFileSync(path.join(publicDir, file), code)

const chunks: ChunkMap = {
  'assets/entry.js': {
    modules: { 'src/routeTree.gen.ts': 10, 'src/routes/manager/route.tsx': 10 },
    imports: ['assets/shared.js'],
    dynamicImports: ['assets/admin.js'],
  },
  'assets/shared.js': { modules: { 'node_modules/react/index.js': 10 }, imports: [], dynamicImports: [] },
  'assets/page.js': {
    modules: { 'src/features/book/page-book.tsx': 10 },
    imports: ['assets/shared.js'],
    dynamicImports: [],
  },
  'assets/admin.js': {
    modules: {
      'src/routes/manager/route.tsx?tsr-split=component': 10,
      'src/features/user/manager/page-users.tsx': 10,
    },
    imports: [],
    dynamicImports: [],
  },
}

const html = `<html><head>
<link rel="stylesheet" href="/assets/styles.css"/>
<link rel="modulepreload" href="/assets/page.js" fetchPriority="low"/>
</head><body><script type="module" async="" src="/assets/entry.js" nonce="n"></script>
<script>console.log("inline")</script></body></html>`

describe('clientWeight', () => {
  it('reads the module scripts and preloads of a page, nothing else', () => {
    expect(scriptUrls(html).sort()).toEqual(['/assets/entry.js', '/assets/page.js'])
  })

  it('sums the gzip of those files and their static imports, each once, not the lazy ones', () => {
    const weight = clientWeight(html, publicDir, chunks)
    expect(weight.files.map((file) => file.path).sort()).toEqual([
      'assets/entry.js',
      'assets/page.js',
      'assets/shared.js',
    ])
    const gzip = (file: keyof typeof files) => gzipSync(files[file], { level: 9 }).length
    expect(weight.gzipTotal).toBe(gzip('assets/entry.js') + gzip('assets/page.js') + gzip('assets/shared.js'))
    expect(weight.forbiddenModules).toEqual([])
  })

  it('follows static imports in the code when there is no chunk map', () => {
    const weight = clientWeight('<script type="module" src="/assets/entry.js"></script>', publicDir)
    expect(weight.files.map((file) => file.path).sort()).toEqual(['assets/entry.js', 'assets/shared.js'])
  })

  it('names the manager code a page loads, but not the route definitions every page holds', () => {
    const weight = clientWeight('<script type="module" src="/assets/admin.js"></script>', publicDir, chunks)
    expect(weight.forbiddenModules).toEqual([
      'src/features/user/manager/page-users.tsx',
      'src/routes/manager/route.tsx?tsr-split=component',
    ])
  })
})
