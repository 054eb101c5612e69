/**
 * A throwaway PostgreSQL cluster on a free port, so the fault scripts can stop and start it freely.
 * As root it runs as the `postgres` user, because initdb refuses root.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'

import { freePort } from '../../e2e/support/app-server'

function binaries() {
  const root = '/usr/lib/postgresql'
  const [version] = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  if (!version) throw new Error(`No PostgreSQL under ${root}`)
  return path.join(root, version, 'bin')
}

export async function startCluster() {
  const bin = binaries()
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-cluster-'))
  const data = path.join(dir, 'data')
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const { uid, gid } = {
      uid: Number(execFileSync('id', ['-u', 'postgres'])),
      gid: Number(execFileSync('id', ['-g', 'postgres'])),
    }
    chownSync(dir, uid, gid)
    chmodSync(dir, 0o700)
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      {
        stdio: 'pipe',
      },
    )
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop()
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>
