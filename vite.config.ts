/// <reference types="vitest/config" />
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

const testEnv = {
  NODE_ENV: 'test',
  BASE_URL: 'http://localhost:3000',
  AUTH_SECRET: 'test-only-secret-that-is-long-enough-0123456789',
  PGLITE_DIR: 'memory://',
  RATE_LIMIT_ENABLED: 'false',
}

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  define: { __FOLIO_BUILD__: JSON.stringify(buildInfo()) },
  environments: {
    // The passkey plugin is bundled with better-auth, so both use one copy of better-auth's core:
    // left to the server's dependency bundle, it got its own, and a refusal thrown by another
    // plugin (a ban) was not recognised as better-auth's own error (`instanceof APIError`) and
    // became 'Authentication failed'. The passkey sign-in test of a banned person fails without it.
    ssr: { resolve: { noExternal: ['@better-auth/passkey'] } },
    // The modules every page loads share one chunk: Rolldown split them into two dozen small
    // ones (those route chunks share too), which compress worse apart (/login: -8 KB gzip).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                // The icons the pages share, in one chunk rather than one file each (a page of
                // the manager fetched a dozen files of a few hundred bytes).
                { name: 'icons', test: /node_modules[\\/]lucide-react/ },
              ],
            },
          },
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    env: testEnv,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  // Vitest runs server modules directly; the app's build plugins are not needed there.
  plugins: process.env.VITEST
    ? []
    : [
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
              // A page's skeleton (its pending component) follows its page rather than sitting in
              // every page's bundle: it shows a second into a slow navigation, long after the
              // page's chunks have come (about 1 KB gzipped off every first load).
              defaultBehavior: [
                ['component'],
                ['errorComponent'],
                ['notFoundComponent'],
                ['pendingComponent'],
              ],
              // Every page's bundle holds the route tree. A manager route's loader (and the manager
              // or API documentation queries it imports) is split from it like its page, so
              // pages outside the manager ship none of their code.
              splitBehavior: ({ routeId }) =>
                routeId === '/manager' || routeId.startsWith('/manager/')
                  ? [
                      ['loader'],
                      ['component'],
                      ['errorComponent'],
                      ['notFoundComponent'],
                      ['pendingComponent'],
                    ]
                  : undefined,
            },
          },
          // The stylesheet (5 KB compressed) comes inside the page, in a <style> the browser reads
          // back as it hydrates: the first paint waits for no other request.
          server: { build: { inlineCss: true } },
          serverFns: {
            base: appConfig.serverFnBase,
            // Readable, stable ids (`genre--getGenres` for features/genre/genre.functions.ts) keep
            // server-function URLs the same across builds, so logs, tests and clients can name them.
            generateFunctionId: ({ filename, functionName }) =>
              serverFunctionId(filename, functionName.replace(/_createServerFn_handler$/, '')),
          },
        }),
        viteReact(),
        lazyServerFnFetcher(),
        chunkMap(),
        // PGlite loads its WASM and extension bundles from files next to its code; the plugin
        // validates the configuration as the server starts. Assets are compressed once, here, and
        // served as .br or .gz to a browser that accepts it (pages: src/server/compression.ts).
        nitro({
          traceDeps: ['@electric-sql/pglite*'],
          plugins: ['./src/server/startup.nitro.ts'],
          compressPublicAssets: { brotli: true, gzip: true },
        }),
      ],
})
