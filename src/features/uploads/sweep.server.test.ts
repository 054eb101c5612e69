import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { setBookCover } from '~/features/book/book.server'
import { setUserPicture } from '~/features/user/user.server'
import { db } from '~/server/database'
import { schema } from '~/server/db'
import { setStorageForTests, storage } from '~/server/storage'
import { createDiskStorage } from '~/server/storage/disk-storage'

import { sweepUploads } from './uploads.server'

const { book, genre, user } = schema
let root: string

beforeAll(async () => {
  // A folder of this file's own: the sweep looks at every stored picture.
  root = await mkdtemp(path.join(tmpdir(), 'folio-sweep-'))
  setStorageForTests(createDiskStorage(root))
})

afterAll(async () => {
  setStorageForTests(null)
  await rm(root, { recursive: true, force: true })
})

const put = (keys: string[]) =>
  Promise.all(keys.map((key) => storage().put(key, new Uint8Array([1]), 'image/webp')))
const widths = (owner: string, hash: string, sizes: number[]) =>
  sizes.map((size) => `${owner}/${hash}-${size}.webp`)

describe('the sweep of stored pictures', () => {
  it('removes the files no book or person records, once old enough, and keeps the recorded ones', async () => {
    const database = await db()
    const [someGenre] = await database.select().from(genre).limit(1)
    const [created] = await database
      .insert(book)
      .values({ title: `Swept ${crypto.randomUUID()}`, author: 'Sweep', genreId: someGenre?.id ?? '' })
      .returning({ id: book.id })
    const [someone] = await database
      .insert(user)
      .values({ id: crypto.randomUUID(), name: 'Swept', email: `swept-${crypto.randomUUID()}@example.com` })
      .returning({ id: user.id })
    const bookId = created?.id ?? ''
    const userId = someone?.id ?? ''
    const recordedCover = widths(`book/${bookId}`, 'aaaaaaaaaaaaaaaa', [96, 192, 384, 768])
    const cutShortCover = widths(`book/${bookId}`, 'bbbbbbbbbbbbbbbb', [96, 192, 384, 768])
    const recordedPicture = widths(`user/${userId}`, 'cccccccccccccccc', [64, 128, 256])
    const cutShortPicture = widths(`user/${userId}`, 'dddddddddddddddd', [64, 128, 256])
    const noOwner = widths('book/no-such-book', 'eeeeeeeeeeeeeeee', [96])
    await put([...recordedCover, ...cutShortCover, ...recordedPicture, ...cutShortPicture, ...noOwner])
    await setBookCover(bookId, 'aaaaaaaaaaaaaaaa')
    await setUserPicture(userId, 'cccccccccccccccc')

    // Files younger than the limit stay: an upload elsewhere may be about to record them.
    expect(await sweepUploads(new Date(Date.now() - 60_000))).toBe(0)
    expect(await sweepUploads(new Date(Date.now() + 1000))).toBe(
      cutShortCover.length + cutShortPicture.length + noOwner.length,
    )
    expect((await storage().list('')).sort()).toEqual([...recordedCover, ...recordedPicture].sort())
  })
})
