/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import path from 'node:path'
import { defineConfig } from 'vite'

import { appConfig } from './app.config.ts'

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
  test: {
    include: ['src/**/*.test.ts'],
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
          router: { routeFileIgnorePattern: '\\.test\\.' },
          serverFns: {
            base: appConfig.serverFnBase,
            // Readable, stable ids (`genre/genre.functions--listGenres`) keep server-function URLs
            // the same across builds, so logs, tests and clients can name them.
            generateFunctionId: ({ filename, functionName }) =>
              `${path
                .relative(path.resolve('src/features'), filename)
                .replace(/\.tsx?$/, '')
                .replaceAll(path.sep, '/')}--${functionName.replace(/_createServerFn_handler$/, '')}`,
          },
        }),
        viteReact(),
        // PGlite loads its WASM and extension bundles from files next to its code.
        nitro({ traceDeps: ['@electric-sql/pglite*'] }),
      ],
})
