import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** Where the client build's chunk map is written; it sits outside the public files, so it is never served. */
export const chunkMapFile = '.output/client-chunks.json'

/** For each browser chunk: its source modules with their uncompressed size, and the chunks it imports. */
export type ChunkMap = Record<
  string,
  { modules: Record<string, number>; imports: string[]; dynamicImports: string[] }
>

/**
 * Records which source modules each browser chunk holds, so tests and the benchmark can tell
 * what a page ships (e.g. that no manager code reaches /login) without reading minified code.
 */
export function chunkMap({ root = process.cwd() } = {}): Plugin {
  return {
    name: 'folio:chunk-map',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const map: ChunkMap = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        map[chunk.fileName] = {
          modules: Object.fromEntries(
            chunk.moduleIds.map((id) => [toProjectPath(id, root), chunk.modules[id]?.renderedLength ?? 0]),
          ),
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
        }
      }
      const file = path.resolve(root, chunkMapFile)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, `${JSON.stringify(map, null, 1)}\n`)
    },
  }
}

/**
 * A module id as a path from the project root. The query is kept because it tells a route's split
 * parts (`?tsr-split=component`) from its definition.
 */
function toProjectPath(id: string, root: string) {
  const [file = '', query] = id.replace(/^\0/, '').split('?', 2)
  const relative = path.isAbsolute(file) ? path.relative(root, file).split(path.sep).join('/') : file
  return query === undefined ? relative : `${relative}?${query}`
}
