/**
 * Measures the JavaScript a built page loads, raw and gzipped, and lists any source modules from
 * an area the page is not in (the manager with its API docs, the app). Used by the bundle e2e spec
 * and the benchmark.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

import { type ChunkMap, chunkMapFile } from './chunk-map-plugin'

export { chunkMapFile }

/** Each area's own source modules, which a page outside the area must not ship. */
const areaSources = {
  manager: [
    /^src\/routes\/manager\//,
    /^src\/features\/manager\//,
    /^src\/features\/[^/]+\/manager\//,
    /^src\/features\/api-docs\//,
  ],
  app: [/^src\/routes\/app\//, /^src\/features\/app\//, /^src\/features\/[^/]+\/app\//],
}

export type Area = keyof typeof areaSources

/**
 * What a page may weigh, checked by the bundle test and reported by `pnpm bench`. The JavaScript
 * /login loads, gzipped: the framework libraries take about 128 KB, so the ceiling catches a
 * library pulled into every page by mistake. The HTML, decoded (markup, texts and the data the page
 * hydrates with): the manager's book list is measured with a full page of 20 rows, of which the
 * seeded genres' keys and their names in the page's language take about 1 KB.
 */
export const pageBudgets = {
  loginJavaScriptBytes: 150 * 1024,
  htmlBytes: { '/login': 30 * 1024, '/manager/books': 72 * 1024 },
}

/** Which areas' code each measured page must not load. */
export const outsideAreasOf: Record<string, ReadonlyArray<Area>> = {
  '/login': ['manager', 'app'],
  '/app/books': ['manager'],
  '/manager/books': ['app'],
}

/**
 * A route's definition is allowed because every page needs the route tree to match URLs. Only the
 * route's split parts (`?tsr-split=…`) count as forbidden.
 */
const routeDefinition = /^src\/routes\/[^?]*$/

export type ClientWeight = {
  files: { path: string; bytes: number; gzipBytes: number }[]
  /** Sum of each file gzipped: what a browser downloads with an empty cache. */
  gzipTotal: number
  bytesTotal: number
  /** Every source module in those files; empty without a chunk map. */
  modules: string[]
  forbiddenModules: string[]
}

/** The chunk map the build wrote, if there is one. */
export function readChunkMap(outputRoot = '.'): ChunkMap | undefined {
  const file = path.resolve(outputRoot, chunkMapFile)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ChunkMap) : undefined
}

/** Root-relative URLs of the JavaScript an HTML page loads: `<script src>` and module preloads. */
export function scriptUrls(html: string) {
  const urls = new Set<string>()
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag)
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1]
    if (url && /\.m?js(?:$|\?)/.test(url)) urls.add(url.replace(/[?#].*$/, ''))
  }
  return [...urls]
}

/** Chunks a built chunk imports statically, read from its code when there is no chunk map. */
function staticImports(file: string, code: string, chunks: ChunkMap | undefined) {
  if (chunks) return chunks[file]?.imports ?? []
  const imports: string[] = []
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    imports.push(path.posix.join(path.posix.dirname(file), match[1]!))
  }
  return imports
}

/**
 * The JavaScript weight of a served page. `forbiddenModules` lists the modules it loads from the
 * `outside` areas; without `chunks`, imports are read from the code and it stays empty.
 */
export function clientWeight(
  html: string,
  publicDir: string,
  chunks?: ChunkMap,
  outside: ReadonlyArray<Area> = ['manager'],
): ClientWeight {
  const seen = new Set<string>()
  const pending = scriptUrls(html)
    .filter((url) => url.startsWith('/'))
    .map((url) => url.slice(1))
  const files: ClientWeight['files'] = []
  while (pending.length > 0) {
    const file = pending.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(path.join(publicDir, file))
    files.push({ path: file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length })
    pending.push(...staticImports(file, code.toString('utf8'), chunks))
  }
  const modules = [...seen].flatMap((file) => Object.keys(chunks?.[file]?.modules ?? {}))
  const forbiddenSources = outside.flatMap((area) => areaSources[area])
  const forbiddenModules = modules.filter(
    (id) => forbiddenSources.some((source) => source.test(id)) && !routeDefinition.test(id),
  )
  return {
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipTotal: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    bytesTotal: files.reduce((sum, file) => sum + file.bytes, 0),
    modules: modules.sort(),
    forbiddenModules: forbiddenModules.sort(),
  }
}
