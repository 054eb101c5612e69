import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'

import { appConfig } from './app.config.ts'
import { chunkMap } from './scripts/bench/chunk-map-plugin.ts'
import { lazyServerFnFetcher } from './scripts/build/lazy-server-fn-fetcher.ts'
import { serverFunctionId } from './src/lib/server-function-id.ts'

/** What the build-info label shows: package version, short commit and build time, fixed at build. */
function buildInfo() {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
  let commit = process.env.GIT_COMMIT?.slice(0, 7) ?? ''
  try {
    commit ||= execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    commit = 'unknown'
  }
  return { version, commit, builtAt: new Date().toISOString() }
}

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  define: { __FOLIO_BUILD__: JSON.stringify(buildInfo()) },
  environments: {
    // Bundle the passkey plugin so it shares better-auth's core. With two copies, `instanceof
    // APIError` fails and a refusal such as a ban shows as 'Authentication failed'.
    ssr: { resolve: { noExternal: ['@better-auth/passkey'] } },
    // Modules that every page loads go in one chunk, because many small chunks compress worse.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                // Icons in one chunk rather than a tiny file per icon.
                { name: 'icons', test: /node_modules[\\/]lucide-react/ },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'src',
      // The build fails if browser code imports the server's modules.
      importProtection: {
        behavior: 'error',
        client: {
          files: ['**/*.server.*', '**/src/server/**'],
          specifiers: ['@tanstack/react-start/server'],
        },
      },
      router: {
        routeFileIgnorePattern: '\\.test\\.',
        codeSplittingOptions: {
          // Each page's pending skeleton is split out with its page instead of joining every
          // first load; it only shows after a second, when the page's chunks have arrived.
          defaultBehavior: [['component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
          // Loaders of /manager and /app routes ship in their page's chunk, not the route tree,
          // so an entity's code never loads with /login or with the other area.
          splitBehavior: ({ routeId }) =>
            /^\/(manager|app)(\/|$)/.test(routeId) ? [['loader', 'component']] : undefined,
        },
      },
      serverFns: {
        base: appConfig.serverFnBase,
        // Readable ids such as `genre--getGenres` keep server-function URLs stable across builds.
        generateFunctionId: ({ filename, functionName }) =>
          serverFunctionId(filename, functionName.replace(/_createServerFn_handler$/, '')),
      },
    }),
    viteReact(),
    lazyServerFnFetcher(),
    chunkMap(),
    // traceDeps copies PGlite's WASM files, which it loads from beside its code. Static assets
    // are precompressed here; pages are compressed in src/server/compression.ts.
    nitro({
      traceDeps: ['@electric-sql/pglite*'],
      plugins: ['./src/server/startup.nitro.ts'],
      compressPublicAssets: { brotli: true, gzip: true },
    }),
  ],
})
