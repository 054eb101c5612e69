import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import { serverFunctionId } from '~/lib/server-function-id'

import { serverFunctions } from './function-registry'

/** Every server function declared in the sources: id, method and its declaration's text. */
function declaredServerFunctions() {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  )
  return files.flatMap((file) => {
    const source = readFileSync(`src/${file}`, 'utf8')
    const declarations = source.split(/(?=^export const )/m)
    return declarations.flatMap((declaration) => {
      const match = /^export const (\w+) = createServerFn\(\{ method: '(\w+)' \}\)/.exec(declaration)
      if (!match) return []
      if (!file.startsWith('features/') || !file.endsWith('.functions.ts'))
        throw new Error(`${file}: server functions live in src/features/**/*.functions.ts`)
      const [, name = '', method = ''] = match
      return [{ id: serverFunctionId(`src/${file}`, name), method, declaration }]
    })
  })
}

describe('the registry of server functions', () => {
  const declared = declaredServerFunctions()

  it('lists every server function of the sources, with its method, and nothing else', () => {
    expect(declared.length).toBeGreaterThan(20)
    expect(Object.fromEntries(declared.map(({ id, method }) => [id, method]))).toEqual(
      Object.fromEntries(Object.entries(serverFunctions).map(([id, entry]) => [id, entry.method])),
    )
  })

  it('is where each protected function takes its rule from; public ones have no middleware', () => {
    for (const { id, declaration } of declared) {
      const entry = serverFunctions[id as keyof typeof serverFunctions]
      if (entry.access === 'public')
        expect({ id, middleware: declaration.includes('.middleware(') }).toEqual({ id, middleware: false })
      else
        expect({ id, guarded: declaration.includes(`.middleware([authorizeFunction('${id}')])`) }).toEqual({
          id,
          guarded: true,
        })
    }
  })

  it('gives every write a POST and a permission', () => {
    for (const [id, entry] of Object.entries(serverFunctions))
      if (entry.method === 'POST') expect({ id, access: entry.access }).not.toEqual({ id, access: 'public' })
  })
})
