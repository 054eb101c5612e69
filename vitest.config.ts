/**
 * The unit tests' configuration, kept apart from the app's build (vite.config.ts): vitest runs
 * every test again when its configuration or anything that imports changes, so this file imports
 * none of the app's modules, and `vitest related` (`pnpm check`) runs only the tests a change
 * reaches.
 */
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // What the build-info label shows; the build fixes it from package.json and git.
  define: {
    __FOLIO_BUILD__: JSON.stringify({ version: '0.0.0', commit: 'test', builtAt: '2026-01-01T00:00:00Z' }),
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    env: {
      NODE_ENV: 'test',
      BASE_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-only-secret-that-is-long-enough-0123456789',
      PGLITE_DIR: 'memory://',
      // Uploads a test makes stay out of the working tree, as its database does.
      UPLOADS_DIR: path.join(tmpdir(), 'folio-test-uploads'),
      RATE_LIMIT_ENABLED: 'false',
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
