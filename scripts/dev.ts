/**
 * `pnpm dev`: writes a development AUTH_SECRET to .env if missing, migrates and seeds the database,
 * then starts Vite on `PORT` (default 3000). Without SMTP_URL, sign-in codes print in this console.
 *
 * pnpm runs it with `exec` on the Node binary itself, and it starts Vite the same way in a process
 * group of its own: the shell wrappers in `node_modules/.bin` do not pass a SIGTERM on, so through
 * them Vite would outlive `pnpm dev`.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { devAddress } from './dev-address'
import { loadDotEnv } from './load-env'

const envFile = '.env'
const current = existsSync(envFile) ? readFileSync(envFile, 'utf8') : ''
if (!/^AUTH_SECRET=/m.test(current) && !process.env.AUTH_SECRET) {
  appendFileSync(
    envFile,
    `${current && !current.endsWith('\n') ? '\n' : ''}# Generated for development by pnpm dev; never use it in production.\nAUTH_SECRET=${randomBytes(32).toString('base64url')}\n`,
  )
  console.log('Wrote a development AUTH_SECRET to .env')
}
loadDotEnv(envFile)
// Vite runs with --strictPort, because on another port the base URL would be wrong.
const { port, baseUrl } = devAddress(process.env)
process.env.BASE_URL = baseUrl

// A separate process, so PGlite's directory is closed before the dev server opens it.
const setup = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'setup'], {
  stdio: 'inherit',
  env: process.env,
})
if (setup.status !== 0) process.exit(setup.status ?? 1)

const viteCli = path.join('node_modules', 'vite', 'bin', 'vite.js')
const vite = spawn(
  process.execPath,
  [viteCli, 'dev', '--port', port, '--strictPort', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
    detached: true,
  },
)
// The whole group, so whatever Vite started stops with it.
const stopVite = (signal: NodeJS.Signals) => {
  try {
    if (vite.pid !== undefined) process.kill(-vite.pid, signal)
  } catch {
    // The group has already ended.
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopVite(signal))
process.on('exit', () => stopVite('SIGKILL'))
vite.on('exit', (code) => process.exit(code ?? 0))
