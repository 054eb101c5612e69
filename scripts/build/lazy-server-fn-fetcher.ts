import type { Plugin } from 'vite'

const createClientRpc = /\/@tanstack\/start-client-core\/dist\/esm\/client-rpc\/createClientRpc\.js$/
const eagerImport = 'import { serverFnFetcher } from "./serverFnFetcher.js";'
const lazyImport =
  'const serverFnFetcher = (...args) => import("./serverFnFetcher.js").then((module) => module.serverFnFetcher(...args));'

/**
 * In the browser build, TanStack Start's server-function fetcher (with seroval, which encodes
 * and decodes the calls: some 11 KB gzipped) is loaded at the first server-function call
 * rather than with every page; a page rendered on the server hydrates without calling one.
 * The fetcher is async already, so callers see no difference but the first call's extra
 * request. The build fails if TanStack Start's code no longer has the import this rewrites.
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
