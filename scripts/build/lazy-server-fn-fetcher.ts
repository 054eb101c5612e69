import type { Plugin } from 'vite'

const createClientRpc = /\/@tanstack\/start-client-core\/dist\/esm\/client-rpc\/createClientRpc\.js$/
const eagerImport = 'import { serverFnFetcher } from "./serverFnFetcher.js";'
const lazyImport =
  'const serverFnFetcher = (...args) => import("./serverFnFetcher.js").then((module) => module.serverFnFetcher(...args));'

/**
 * Loads TanStack Start's server-function fetcher (about 11 KB gzipped) on the first call instead
 * of with every page. The build fails if TanStack Start changes the import this rewrites.
 */
export function lazyServerFnFetcher(): Plugin {
  return {
    name: 'folio:lazy-server-fn-fetcher',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: createClientRpc },
      handler(code, id) {
        if (!code.includes(eagerImport)) {
          this.error(
            `${id} no longer imports the fetcher as expected: update scripts/build/lazy-server-fn-fetcher.ts`,
          )
        }
        return { code: code.replace(eagerImport, lazyImport), map: null }
      },
    },
  }
}
