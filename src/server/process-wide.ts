/**
 * Values one per process, whichever copy of a module asks. The start-up plugin
 * (startup.nitro.ts) and the request handlers are bundled apart, each with its own copy of the
 * server modules they import, and development reloads modules: a value both must see (the
 * database, a flag set on SIGTERM, the metrics) is kept here, on globalThis, under its name.
 */
import '@tanstack/react-start/server-only'

const store = globalThis as typeof globalThis & { [key: symbol]: unknown }

/** The process's object named `name`, made by `create` the first time any copy asks. */
export function processWide<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`folio.${name}`)
  store[key] ??= create()
  return store[key] as T
}
