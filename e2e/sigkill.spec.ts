/**
 * A production server killed outright (SIGKILL) while books with covers, name changes and sign-ins
 * are being written: after a restart every write it acknowledged is there, no change is there in
 * part, and no stored picture is left that nothing records.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import postgres from 'postgres'

import { appConfig } from '@/app.config'
import { uploadUrl } from '~/features/uploads/targets'
import { imageKey } from '~/lib/images'
import { createDiskStorage } from '~/server/storage/disk-storage'
import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'

import { startAppServer } from './support/app-server'
import { callAuthRoute, signInOverHttp } from './support/auth-api'
import { jpegPhoto, uniqueEmail } from './support/fixtures'
import { resultOf, serverFnPayload, serverFnPostHeaders } from './support/server-fn'

// Killing the embedded database's process mid-write is no deployment Folio supports: several
// instances, and so this test, need PostgreSQL.
test.skip(!testDatabaseServer(), 'needs PostgreSQL (TEST_DATABASE_URL)')

test('SIGKILL mid-write: acknowledged writes survive, none is half-made, no picture is left unrecorded', async () => {
  test.slow()
  const database = await createFreshDatabase(testDatabaseServer() ?? '', 'folio_sigkill')
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'folio-sigkill-uploads-'))
  const files = createDiskStorage(uploadsDir)
  const sql = postgres(database.url, { max: 2, onnotice: () => {} })
  // A picture nothing records is swept once 3 seconds old, at start and every 3 seconds.
  // The restarted server has the same secret, so the sessions made before are its own.
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    UPLOADS_DIR: uploadsDir,
    UPLOADS_ORPHAN_MINUTES: '0.05',
  }
  const marker = `Killed ${Date.now()}`
  let server = await startAppServer(env)
  try {
    const post = async (fn: string, cookie: string, data: unknown) =>
      fetch(`${server.url}${appConfig.serverFnBase}/${fn}`, {
        method: 'POST',
        headers: { cookie, ...serverFnPostHeaders(server.url) },
        body: await serverFnPayload(data),
      })
    const admin = await signInOverHttp('admin@example.com', server)
    const [genre] = await sql<{ id: string }[]>`select id from genre limit 1`
    const photo = await jpegPhoto('#9a3')
    const people = await Promise.all([1, 2].map(() => signInOverHttp(undefined, server)))

    const books = new Map<string, { title: string; cover?: string }>()
    const names = new Map<string, { acknowledged?: string; tried?: string }>()
    const signIns: Array<{ id: string; cookie: string }> = []
    let killed = false
    const untilKilled = async (write: (round: number) => Promise<void>) => {
      for (let round = 0; !killed; round++) await write(round).catch(() => undefined)
    }
    const writers = [
      ...[1, 2].map((writer) =>
        untilKilled(async (round) => {
          const title = `${marker} ${writer}.${round}`
          const made = await post('book--postBook', admin.cookie, {
            title,
            author: marker,
            genreId: genre?.id,
          })
          if (!made.ok) return
          const { id } = await resultOf<{ id: string }>(made)
          books.set(id, { title })
          const sent = await fetch(`${server.url}${uploadUrl('book-cover', id)}`, {
            method: 'PUT',
            headers: { cookie: admin.cookie, origin: server.url },
            body: photo,
          })
          if (sent.ok) books.set(id, { title, cover: ((await sent.json()) as { hash: string }).hash })
        }),
      ),
      ...people.map((person) =>
        untilKilled(async (round) => {
          const name = `${marker} name ${round}`
          names.set(person.id, { ...names.get(person.id), tried: name })
          if ((await post('account--putName', person.cookie, { name })).ok)
            names.set(person.id, { acknowledged: name, tried: name })
        }),
      ),
      untilKilled(async () => {
        const { id, cookie } = await signInOverHttp(uniqueEmail('killed'), server)
        signIns.push({ id, cookie })
      }),
    ]
    await new Promise((resolve) => setTimeout(resolve, 4000))
    server.signal('SIGKILL')
    killed = true
    await Promise.all(writers)
    expect(await server.exited).toBeNull()
    expect(books.size, 'books were being written').toBeGreaterThan(2)
    expect(signIns.length, 'people were signing in').toBeGreaterThan(0)
    // A cut-short upload, as sure as if the kill had come between storing its files and recording them.
    const [someBook] = books.keys()
    const cutShort = imageKey({ owner: `book/${someBook}`, hash: '0123456789abcdef' }, 96)
    await files.put(cutShort, new Uint8Array([1]), 'image/webp')

    await server.stop()
    server = await startAppServer(env)

    // Every acknowledged write is there.
    const stored = await sql<{ id: string; title: string; cover: string | null }[]>`
      select id, title, cover from book where author = ${marker}`
    const byId = new Map(stored.map((row) => [row.id, row]))
    for (const [id, book] of books) {
      expect(byId.get(id)?.title, 'an acknowledged book is kept').toBe(book.title)
      if (book.cover) expect(byId.get(id)?.cover, 'an acknowledged cover is kept').toBe(book.cover)
    }
    for (const [id, name] of names) {
      const [row] = await sql<{ name: string }[]>`select name from "user" where id = ${id}`
      // The name is the last one acknowledged, or the one in flight when the server died.
      expect([name.acknowledged, name.tried]).toContain(row?.name)
    }
    for (const { id, cookie } of signIns) {
      const session = await callAuthRoute('/get-session', { method: 'GET', cookie, server })
      expect(((await session.json()) as { user: { id: string } } | null)?.user.id, 'a session is kept').toBe(
        id,
      )
    }

    // Nothing half-made: each book has the activity entry its creation wrote with it, and each
    // recorded cover its entry and every one of its files.
    const widths = appConfig.images.kinds.cover.widths
    for (const book of stored) {
      const [entries] = await sql<{ created: number; covered: number }[]>`
        select count(*) filter (where action = 'create')::int as created,
               count(*) filter (where changes->'cover'->>1 = ${book.cover ?? ''})::int as covered
        from activity where entity = 'book' and entity_id = ${book.id}`
      expect(entries?.created, 'a book comes with its creation entry').toBe(1)
      if (!book.cover) continue
      expect(entries?.covered, 'a cover comes with its entry').toBe(1)
      for (const width of widths)
        expect(
          await files.get(imageKey({ owner: `book/${book.id}`, hash: book.cover }, width)),
        ).not.toBeNull()
    }

    // No stored picture is left that nothing records: the sweep removes them once old enough.
    const recorded = new Set(
      stored.flatMap((book) =>
        book.cover
          ? widths.map((width) => imageKey({ owner: `book/${book.id}`, hash: book.cover ?? '' }, width))
          : [],
      ),
    )
    await expect
      .poll(async () => (await files.list('')).filter((key) => !recorded.has(key)), { timeout: 30_000 })
      .toEqual([])
  } finally {
    await server.stop()
    await sql.end()
    await database.drop()
    await rm(uploadsDir, { recursive: true, force: true })
  }
})
