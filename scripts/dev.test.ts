import { PGlite } from '@electric-sql/pglite'
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devAddress } from './dev-address'

describe('the address pnpm dev listens on', () => {
  it('is PORT, the base URL following it while it names this machine', () => {
    expect(devAddress({})).toEqual({ port: '3000', baseUrl: 'http://localhost:3000' })
    expect(devAddress({ PORT: '3456' })).toEqual({ port: '3456', baseUrl: 'http://localhost:3456' })
    expect(devAddress({ PORT: '3456', BASE_URL: 'http://127.0.0.1:3000/' })).toEqual({
      port: '3456',
      baseUrl: 'http://127.0.0.1:3456',
    })
    expect(devAddress({ PORT: '3456', BASE_URL: 'https://folio.example.com' })).toEqual({
      port: '3456',
      baseUrl: 'https://folio.example.com',
    })
  })
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** pnpm's own script: the one running this test, or the one npx fetches. */
function pnpmCli(): string {
  const running = process.env.npm_execpath
  if (running?.endsWith('pnpm.cjs')) return running
  const bin = execFileSync('npx', ['-y', '-p', 'pnpm@10', 'sh', '-c', 'command -v pnpm'], {
    encoding: 'utf8',
  })
  return realpathSync(bin.trim())
}

/** The processes below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The parent is the fourth field, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = []
  const visit = (parent: number) => {
    for (const [child, of] of parents) {
      if (of !== parent) continue
      found.push(child)
      visit(child)
    }
  }
  visit(pid)
  return found
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('PORT=… pnpm dev', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-dev-'))
  // A copy of the committed migrations, which the test adds one to while the server runs.
  const migrations = path.join(dir, 'drizzle')
  cpSync('drizzle', migrations, { recursive: true })
  let dev: ChildProcess | undefined
  let url = ''
  let log = ''

  let port = 0

  /** Sends `signal` to pnpm alone, as a process manager or `kill` would, and returns what it had
   * started that is still running a few seconds later. */
  async function stopDev(signal: NodeJS.Signals = 'SIGTERM'): Promise<number[]> {
    if (!dev?.pid || dev.exitCode !== null || dev.signalCode !== null) return []
    const started = descendants(dev.pid)
    const exited = new Promise((resolve) => dev?.once('exit', resolve))
    process.kill(dev.pid, signal)
    await exited
    const deadline = Date.now() + 10_000
    while (started.some(alive) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const left = started.filter(alive)
    // Whatever the test's assertion says, leave nothing running.
    for (const pid of left) process.kill(pid, 'SIGKILL')
    return left
  }

  async function startDev() {
    log = ''
    // Like a fresh clone: no BASE_URL, and an AUTH_SECRET so .env is left alone. VITEST variables
    // are removed because they make the Vite config skip the app's plugins.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'BASE_URL' && !name.startsWith('VITEST')),
    )
    dev = spawn(process.execPath, [pnpmCli(), 'dev'], {
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        AUTH_SECRET: 'dev-test-secret-that-is-long-enough-0123456789',
        DATABASE_URL: '',
        PGLITE_DIR: path.join(dir, 'pglite'),
        MIGRATIONS_DIR: migrations,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    dev.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
    dev.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const deadline = Date.now() + 90_000
    for (;;) {
      const ok = await fetch(`${url}/api/health/ready`).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) break
      if (Date.now() > deadline) throw new Error(`pnpm dev did not answer on ${url}:\n${log}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }

  beforeAll(async () => {
    port = await freePort()
    url = `http://localhost:${port}`
    await startDev()
  }, 120_000)

  afterAll(async () => {
    await stopDev()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves on that port, and better-auth trusts that origin (and no other)', async () => {
    const signOut = (origin: string) =>
      fetch(`${url}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
      })
    expect((await signOut('http://localhost:3000')).status).toBe(403)
    expect((await signOut(url)).status).not.toBe(403)
  })

  it('answers server functions by the names the development build gives them', async () => {
    const functions = await (await fetch(`${url}/src/features/book/book.functions.ts`)).text()
    const id = /createClientRpc\("([^"]+)"\)/.exec(functions)?.[1]
    // Not the build's readable ids: the file and the export, as base64url JSON.
    expect(JSON.parse(Buffer.from(id ?? '', 'base64url').toString())).toMatchObject({
      file: expect.stringContaining('src/features/book/book.functions.ts'),
      export: expect.stringMatching(/_createServerFn_handler$/),
    })
    // Signed out: refused by the function's own check, so it was found.
    const answer = await fetch(`${url}/api/fn/${id}`, { headers: { 'x-tsr-serverFn': 'true' } })
    expect(answer.status).toBe(401)
  })

  it('keeps e-mails for the development mailbox, both parts, and prints their code', async () => {
    // Without SMTP the e-mail is not sent; it waits at /dev/mail.
    const deadline = Date.now() + 30_000
    const asked = await fetch(`${url}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', type: 'sign-in' }),
    })
    expect(asked.status).toBe(200)
    let code: string | undefined
    while (!(code = /code for admin@example\.com: (\d{6})/.exec(log)?.[1]) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const mailbox = await (await fetch(`${url}/dev/mail`)).text()
    expect(mailbox).toContain(`code: ${code}`)
    const id = /\?id=(\d+)/.exec(mailbox)?.[1]
    const html = await (await fetch(`${url}/dev/mail?id=${id}`)).text()
    expect(html).toMatch(/^<!DOCTYPE html.*<html[^>]* lang="en"/s)
    expect(html).toContain(`>${code}</`)
    expect(await (await fetch(`${url}/dev/mail?id=${id}&part=text`)).text()).toContain(`is ${code}.`)
  })

  it('applies a migration written while it runs, without a restart', async () => {
    // Write what drizzle-kit generate would: the SQL file and its journal entry.
    const tag = '0999_dev_watch'
    writeFileSync(
      path.join(migrations, `${tag}.sql`),
      'CREATE TABLE "dev_watch" ("id" integer PRIMARY KEY);\n',
    )
    const journalFile = path.join(migrations, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: Array<{ idx: number; when: number; tag: string }>
    }
    const last = journal.entries.at(-1)!
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag })
    writeFileSync(journalFile, JSON.stringify(journal, null, 2))

    const deadline = Date.now() + 30_000
    while (!log.includes(`Applied migration ${tag}`)) {
      if (Date.now() > deadline) throw new Error(`the migration was not applied:\n${log}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    // A line of the server's own work, not of the request that opened the database.
    const applied = log.split('\n').find((line) => line.includes(`Applied migration ${tag}`))
    expect(applied).not.toContain('requestId')
    // Stop the server before reading the table, because PGlite allows only one process.
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200)
    expect(await stopDev('SIGTERM')).toEqual([])
    const pglite = new PGlite(path.join(dir, 'pglite'))
    try {
      const { rows } = await pglite.query<{ name: string | null }>(
        "select to_regclass('public.dev_watch')::text as name",
      )
      expect(rows).toEqual([{ name: 'dev_watch' }])
    } finally {
      await pglite.close()
    }
  }, 60_000)

  it('stops everything it started on SIGINT too', async () => {
    await startDev()
    expect(await stopDev('SIGINT')).toEqual([])
    await expect(fetch(`${url}/api/health/live`)).rejects.toThrow()
  }, 150_000)
})
