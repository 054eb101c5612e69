/**
 * Builds Folio's image and runs it with podman, on the host's network, so containers reach the
 * test PostgreSQL, Redis and the loopback SMTP and S3 servers. Where no image registry can be
 * reached, the image is built on a local stand-in for the official Node image
 * (scripts/container/local-base.sh); `NODE_IMAGE` names another base.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

import { freePort } from './app-server'

const run = promisify(execFile)
const env = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.resolve('scripts/container/containers.conf'),
}

export async function podman(args: string[], { timeout = 60_000 } = {}) {
  const { stdout } = await run('podman', ['--runtime', 'runc', ...args], {
    env,
    timeout,
    maxBuffer: 64 << 20,
  })
  return stdout.trim()
}

/** Builds the Dockerfile at the root as `tag`, as a deployment would, from the base `NODE_IMAGE`. */
export async function buildImage(tag: string) {
  const base =
    process.env.NODE_IMAGE ??
    (await run('bash', ['scripts/container/local-base.sh'], { env, timeout: 600_000 })).stdout.trim()
  const commit = await run('git', ['rev-parse', 'HEAD']).then(
    ({ stdout }) => stdout.trim(),
    () => 'unknown',
  )
  const args = ['--build-arg', `NODE_IMAGE=${base}`, '--build-arg', `GIT_COMMIT=${commit}`]
  // The docker format keeps HEALTHCHECK, which the OCI format drops.
  await podman(['build', '--format', 'docker', '--network', 'host', ...args, '--tag', tag, '.'], {
    timeout: 900_000,
  })
}

const envArgs = (variables: Record<string, string>) =>
  Object.entries(variables).flatMap(([name, value]) => ['--env', `${name}=${value}`])

/** Runs a one-off command in a new container of `image` and returns what it printed. */
export const runOnce = (image: string, variables: Record<string, string>, command: string[]) =>
  podman(['run', '--rm', '--network', 'host', ...envArgs(variables), image, ...command], { timeout: 180_000 })

export type Container = Awaited<ReturnType<typeof startContainer>>

/** Starts the image's server on a free port and waits until it is live; `options` go to `podman run`. */
export async function startContainer(
  image: string,
  name: string,
  variables: Record<string, string>,
  options: string[] = [],
) {
  const port = await freePort()
  const url = `http://localhost:${port}`
  await podman(['rm', '--force', '--ignore', name])
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    // Its HEALTHCHECK is run by hand: podman's timer for it needs systemd.
    '--health-interval',
    'disable',
    ...envArgs({ PORT: String(port), BASE_URL: url, ...variables }),
    ...options,
    image,
  ])
  const container = {
    name,
    url,
    logs: () => podman(['logs', name]),
    state: async () =>
      JSON.parse(await podman(['inspect', name, '--format', '{{json .State}}'])) as {
        Running: boolean
        ExitCode: number
      },
    remove: () => podman(['rm', '--force', '--ignore', name]),
  }
  const deadline = Date.now() + 60_000
  while (
    !(await fetch(`${url}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (!(await container.state()).Running || Date.now() > deadline)
      throw new Error(`${name} did not come up:\n${await container.logs()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return container
}
