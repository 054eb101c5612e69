import { describe, expect, it } from 'vitest'

import { serverFunctionId } from '~/lib/server-function-id'

import { serverFunctions } from './function-registry'

/** Every server function the features export, by id and method. The e2e authorization test calls each. */
function declaredServerFunctions() {
  const modules = import.meta.glob<Record<string, unknown>>('/src/features/**/*.functions.ts', {
    eager: true,
  })
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports).flatMap(([name, value]) => {
      const method = (value as { method?: unknown } | undefined)?.method
      if (typeof value !== 'function' || typeof method !== 'string') return []
      return [{ id: serverFunctionId(file.slice(1), name), method }]
    }),
  )
}

describe('the registry of server functions', () => {
  it('lists every server function the features export, with its method, and nothing else', () => {
    const declared = declaredServerFunctions()
    expect(declared.length).toBeGreaterThan(20)
    expect(Object.fromEntries(declared.map(({ id, method }) => [id, method]))).toEqual(
      Object.fromEntries(Object.entries(serverFunctions).map(([id, entry]) => [id, entry.method])),
    )
  })

  it('gives every write a POST and a permission', () => {
    for (const [id, entry] of Object.entries(serverFunctions))
      if (entry.method === 'POST') expect({ id, access: entry.access }).not.toEqual({ id, access: 'public' })
  })
})
