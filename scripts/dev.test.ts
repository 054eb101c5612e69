import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

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

describe('PORT=… pnpm dev', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-dev-'))
  let dev: ChildProcess | undefined
  afterAll(async () => {
    // The whole group: tsx, the script, and the Vite it started.
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev?.once('exit', resolve))
      process.kill(-dev.pid, 'SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves on that port, and better-auth trusts that origin (and no other)', async () => {
    const port = await freePort()
    const url = `http://localhost:${port}`
    // As a fresh clone has it: no BASE_URL (and an AUTH_SECRET given, so .env is left alone).
    // Nor vitest's variables, with which the Vite config leaves the app's plugins out.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'BASE_URL' && !name.startsWith('VITEST')),
    )
    dev = spawn('tsx', ['scripts/dev.ts'], {
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        AUTH_SECRET: 'dev-test-secret-that-is-long-enough-0123456789',
        DATABASE_URL: '',
        PGLITE_DIR: path.join(dir, 'pglite'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let log = ''
    dev.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
    dev.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const deadline = Date.now() + 90_000
    for (;;) {
      const ok = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) break
      if (Date.now() > deadline) throw new Error(`pnpm dev did not answer on ${url}:\n${log}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const signOut = (origin: string) =>
      fetch(`${url}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
      })
    expect((await signOut('http://localhost:3000')).status).toBe(403)
    expect((await signOut(url)).status).not.toBe(403)
  }, 120_000)
})
