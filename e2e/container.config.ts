import { defineConfig } from '@playwright/test'

/** `pnpm test:container`: the production image, built and run with podman (image.container.ts). */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.container\.ts/,
  outputDir: '../test-results/container',
  workers: 1,
  // Building the image takes minutes on a fresh machine.
  timeout: 20 * 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
})
