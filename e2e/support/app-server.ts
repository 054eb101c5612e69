/**
 * A separate production server with its own configuration, port, embedded database and SMTP
 * server, so its accounts and e-mails belong to one test file even when workers run in parallel.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { startMailbox } from '~/test/mailbox'

import { e2eServerEnv } from './global-setup'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** `cwd` is the checkout whose build is served, to compare two builds. */
export async function startAppServer(env: Record<string, string>, options: { cwd?: string } = {}) {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-alt-'))
  const mailbox = await startMailbox()
  let log = ''
  const server = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: e2eServerEnv({
      PORT: String(port),
      BASE_URL: url,
      DATABASE_URL: '',
      PGLITE_DIR: dir,
      SMTP_URL: mailbox.smtpUrl,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd,
  })
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log}`)
    const healthy = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${log}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
  return {
    url,
    mailbox,
    log: () => log,
    pid: server.pid,
    /** Sends the server process a signal; `exited` resolves with its exit code. */
    signal: (name: NodeJS.Signals) => server.kill(name),
    exited,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM')
        // A server still holding database connections is killed after five seconds.
        const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
        if (!stopped) server.kill('SIGKILL')
        await exited
      }
      await mailbox.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
