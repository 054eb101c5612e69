import { expect, test } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const assets = path.resolve('.output/public/assets')

test('the browser bundle holds none of the server modules that read secrets', () => {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'))
  expect(files.length).toBeGreaterThan(0)
  const bundle = files.map((file) => readFileSync(path.join(assets, file), 'utf8')).join('\n')
  for (const marker of [
    // src/server/env.ts, which reads and validates every secret
    'is required in production',
    'GITHUB_CLIENT_SECRET',
    'TURNSTILE_SECRET_KEY',
    // e-mail, database and auth server code
    'Sign-in code sent',
    'nodemailer',
    'electric-sql',
    'drizzle-orm',
    'drizzleAdapter',
  ]) {
    expect(bundle, marker).not.toContain(marker)
  }
})
