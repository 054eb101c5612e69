import { defineConfig, devices } from '@playwright/test'

import { chromiumFlags, chromiumPath } from '~/test/chromium'

import { harness } from './support/harness-config'

export default defineConfig({
  testDir: '.',
  // The screenshots of every page are for people to look at, taken with `pnpm screens`.
  testIgnore: process.env.SCREENS ? undefined : /screens\.spec\.ts/,
  outputDir: '../test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // On a loaded CI machine a test can miss a timeout through no fault of the app: one more try, and
  // the report names every test that needed it ('flaky'). Locally a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  // Generous timeouts for slow CI machines, where long flows approach 60 s and a redraw can take 10 s.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    baseURL: harness.baseUrl,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts/,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // At phone size, with touch, the tests of what differs there (tagged '@phone'): the bottom bar,
      // the navigation sheet, drawers instead of dialogs, the catalogue's grid, and one sign-up.
      name: 'mobile',
      testMatch: /.*\.spec\.ts/,
      grep: /@phone/,
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
})
