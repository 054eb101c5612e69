/**
 * The production image as a platform runs it: built from the Dockerfile with podman, migrated by a
 * one-off container, then two containers on one PostgreSQL, Redis and S3 bucket, sharing sessions
 * and covers, and each stopping without cutting a request short.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'

import { expect, test } from '@playwright/test'
import postgres from 'postgres'
import { parse } from 'yaml'

import { uploadUrl } from '~/features/uploads/targets'
import { imageSources } from '~/lib/images'
import { startMailbox, type Mailbox } from '~/test/mailbox'
import { startS3Server, type S3Server } from '~/test/s3-server'

import { jpegPhoto } from './support/fixtures'
import { callAuthRoute, signInOverHttp } from './support/auth-api'
import { buildImage, type Container, podman, runOnce, startContainer } from './support/podman'
import { callServerFn, halfSentServerFnCall, resultOf } from './support/server-fn'

const image = 'localhost/folio:test'
test.describe.configure({ mode: 'serial' })

/**
 * compose.yaml, run here as far as it can be without a compose tool or registry: its migration
 * command, the app's environment (every variable it sets, set here to this test's servers) and
 * the app's health check.
 */
const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
  'x-app-env': Record<string, string>
  services: { migrate: { command: string[] }; app: { healthcheck: { test: string[] } } }
}

let mailbox: Mailbox
let s3: S3Server
let database: { url: string; drop: () => Promise<void> }
let env: Record<string, string>
let first: Container
let second: Container

test.beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL
  const redis = process.env.TEST_REDIS_URL
  if (!server || !redis) throw new Error('The container test needs TEST_DATABASE_URL and TEST_REDIS_URL')
  await buildImage(image)
  mailbox = await startMailbox()
  s3 = await startS3Server()
  const name = `folio_container_${Date.now()}`
  const admin = postgres(server, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(server)
  url.pathname = `/${name}`
  database = {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
  // What each instance of one deployment shares: the database, Redis, the bucket and the secret.
  env = {
    ...s3.env,
    DATABASE_URL: database.url,
    REDIS_URL: redis,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: mailbox.smtpUrl,
    EMAIL_FROM: 'Folio <no-reply@folio.localhost>',
    // One client signs in and writes many times here; the limits are tested elsewhere.
    RATE_LIMIT_ENABLED: 'false',
  }
})

test.afterAll(async () => {
  await Promise.allSettled([first?.remove(), second?.remove()])
  await Promise.allSettled([database?.drop(), mailbox?.close(), s3?.stop()])
})

test('the image runs as a non-root user, holds only the built server and checks its liveness', async () => {
  const [inspected] = JSON.parse(await podman(['image', 'inspect', image])) as Array<{
    Config: { User: string; StopSignal: string }
    Healthcheck: { Test: string[] }
  }>
  expect(inspected?.Config).toMatchObject({ User: 'node', StopSignal: 'SIGTERM' })
  expect(inspected?.Healthcheck.Test.join(' ')).toContain('/api/health/live')
  const listing = await runOnce(image, {}, ['sh', '-c', 'id -u; ls -A /app; ls /app/.output'])
  expect(listing.split('\n')).toEqual(['1000', '.data', '.output', 'drizzle', 'public', 'server'])
})

test('before its migrations an instance is live but not ready; a one-off container applies them', async () => {
  first = await startContainer(image, 'folio-test-first', env)
  expect((await fetch(`${first.url}/api/health/live`)).status).toBe(200)
  const before = await fetch(`${first.url}/api/health/ready`)
  expect(before.status).toBe(503)
  expect(await before.json()).toEqual({ status: 'not ready', reason: 'migrations' })

  expect(await runOnce(image, env, ['node', '.output/server/db.mjs', 'migrate'])).toContain(
    'Migrations applied',
  )
  // The demo accounts, for the administrator who adds a cover below.
  expect(await runOnce(image, env, ['node', '.output/server/db.mjs', 'seed'])).toContain('Demo data seeded')
  await expect.poll(async () => (await fetch(`${first.url}/api/health/ready`)).status).toBe(200)

  // As the Kubernetes example runs it: a read-only root, with only /tmp and .data writable.
  second = await startContainer(image, 'folio-test-second', env, [
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/app/.data',
  ])
  await expect.poll(async () => (await fetch(`${second.url}/api/health/ready`)).status).toBe(200)
  // The image's own HEALTHCHECK passes, and compose's, on this container's port.
  await podman(['healthcheck', 'run', second.name])
  const [, ...check] = compose.services.app.healthcheck.test
  const port = new URL(second.url).port
  await podman([
    'exec',
    second.name,
    ...check.map((part) => part.replace('127.0.0.1:3000', `127.0.0.1:${port}`)),
  ])
})

test('a session made on one container is valid on the other', async () => {
  const { cookie, id } = await signInOverHttp(`container-${Date.now()}@example.com`, { ...first, mailbox })
  const session = await callAuthRoute('/get-session', {
    method: 'GET',
    cookie,
    server: { ...second, mailbox },
  })
  expect(((await session.json()) as { user: { id: string } } | null)?.user.id).toBe(id)
})

test('a cover uploaded through one container is served by the other', async ({ playwright }) => {
  const admin = await signInOverHttp('admin@example.com', { ...first, mailbox })
  const request = await playwright.request.newContext({ extraHTTPHeaders: { cookie: admin.cookie } })
  try {
    const genres = await resultOf<Array<{ id: string }>>(
      await callServerFn(request, 'genre--getGenres', 'GET', undefined, first.url),
    )
    const { id } = await resultOf<{ id: string }>(
      await callServerFn(
        request,
        'book--postBook',
        'POST',
        { title: `Contained ${Date.now()}`, author: 'Podman', genreId: genres[0]?.id },
        first.url,
      ),
    )
    const photo = await jpegPhoto('#36a')
    const sent = await request.put(`${first.url}${uploadUrl('book-cover', id)}`, {
      data: photo,
      headers: { origin: first.url },
    })
    expect(sent.status()).toBe(200)
    const { cover } = await resultOf<{ cover: string | null }>(
      await callServerFn(request, 'book--getBookById', 'GET', { id }, second.url),
    )
    if (!cover) throw new Error('the cover was not recorded')
    const served = await request.get(
      `${second.url}${imageSources({ owner: `book/${id}`, hash: cover }, 'cover').src}`,
    )
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/webp')
  } finally {
    await request.dispose()
  }
})

test('podman stop lets the requests in flight finish, and the container exits 0 within 10 s', async () => {
  const { cookie } = await signInOverHttp(`stopping-${Date.now()}@example.com`, { ...first, mailbox })
  // Three writes whose bodies are half sent when the stop comes.
  const inFlight = await Promise.all(
    ['One', 'Two', 'Three'].map((name) =>
      halfSentServerFnCall(first.url, 'account--putName', cookie, { name: `Stopped ${name}` }),
    ),
  )
  await new Promise((resolve) => setTimeout(resolve, 500))
  const started = Date.now()
  const stopped = podman(['stop', '--time', '10', first.name])
  await new Promise((resolve) => setTimeout(resolve, 500))
  for (const call of inFlight) call.finish()
  for (const answer of await Promise.all(inFlight.map((call) => call.answer)))
    expect(answer.status, await answer.text()).toBe(200)
  await stopped
  expect(Date.now() - started).toBeLessThan(10_000)
  expect(await first.state()).toMatchObject({ Running: false, ExitCode: 0 })
  // The other container serves on.
  expect((await fetch(`${second.url}/api/health/ready`)).status).toBe(200)
})
