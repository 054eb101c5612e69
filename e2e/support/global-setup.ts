/**
 * Starts a local SMTP server with a mailbox the workers read codes from, a database (PostgreSQL
 * if TEST_DATABASE_URL or DATABASE_URL is set, else PGlite), and the production build.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'
import { startMailbox } from '~/test/mailbox'

import { harness } from './harness-config'

async function prepareDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = testDatabaseServer()
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-'))
    return {
      env: { PGLITE_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const database = await createFreshDatabase(serverUrl, 'folio_e2e')
  return { env: { DATABASE_URL: database.url }, drop: database.drop }
}

async function waitForHealth(server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`)
    try {
      if ((await fetch(`${harness.baseUrl}/api/health/ready`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become healthy:\n${output()}`)
}

/** The environment of the e2e profile: production build, relaxed rate limits, real SMTP. */
export function e2eServerEnv(extra: Record<string, string> = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(harness.port),
    HOST: '127.0.0.1',
    BASE_URL: harness.baseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: `smtp://127.0.0.1:${harness.smtpPort}`,
    // Relaxed limits, because the suite signs in many times from one address. Strict limits are
    // tested separately.
    RATE_LIMIT_ENABLED: 'false',
    UPLOADS_DIR: path.resolve(harness.uploadsDir),
    ...extra,
  }
}

export default async function globalSetup() {
  const mailbox = await startMailbox({ smtpPort: harness.smtpPort, httpPort: harness.mailboxHttpPort })
  const database = await prepareDatabase()
  rmSync(harness.uploadsDir, { recursive: true, force: true })
  let log = ''
  const server = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: e2eServerEnv(database.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await waitForHealth(server, () => log)

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await mailbox.close()
    await database.drop()
    if (process.env.E2E_SERVER_LOG) console.log(log)
  }
}
