import { expect, test } from '@playwright/test'
import { spawnSync } from 'node:child_process'

import { e2eServerEnv } from './support/global-setup'

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, ['.output/server/index.mjs'], {
    env: e2eServerEnv({ PORT: '0', ...env }),
    encoding: 'utf8',
    timeout: 20_000,
  })
}

test.describe('configuration is validated as the server starts', () => {
  for (const [env, line] of [
    [{ ENV_EMOJI: 'ab' }, 'ENV_EMOJI must be a single emoji'],
    [{ BASE_URL: 'not-a-url' }, 'BASE_URL must be a valid URL'],
    [{ AUTH_SECRET: '' }, 'AUTH_SECRET'],
    [{ SMTP_URL: '' }, 'SMTP_URL is required in production'],
  ] as const) {
    test(`${Object.keys(env)[0]} refused with one line`, () => {
      const result = startWith(env)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(line)
    })
  }
})
