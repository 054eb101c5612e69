/**
 * One contract, both storages: on disk in a temporary folder, and in S3 on a real S3-protocol
 * server (s3rver) on loopback, the SDK configured by the standard AWS_* variables.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startS3Server } from '~/test/s3-server'

import { serverEnv } from '../env'

import { createDiskStorage } from './disk-storage'
import { setStorageForTests, storage } from './index'
import { createS3Storage } from './s3-storage'
import { type FileStorage, InvalidStorageKey } from './storage'

interface Opened {
  storage: FileStorage
  close(): Promise<void>
}

const implementations: Array<[string, () => Promise<Opened>]> = [
  [
    'disk',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'folio-uploads-'))
      return { storage: createDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) }
    },
  ],
  [
    'S3',
    async () => {
      const server = await startS3Server()
      for (const [name, value] of Object.entries(server.env)) vi.stubEnv(name, value)
      return {
        storage: createS3Storage({ bucket: server.bucket, endpoint: server.endpoint }),
        close: async () => {
          vi.unstubAllEnvs()
          await server.stop()
        },
      }
    },
  ],
]

const bytes = (...values: number[]) => new Uint8Array(values)
// Every byte value, so nothing on the way treats the body as text.
const everyByte = new Uint8Array(512).map((_, index) => (index * 7) % 256)

const badKeys = [
  '',
  '/book/1/a.webp',
  '../a.webp',
  'book/../../a.webp',
  'book/./a.webp',
  'book//a.webp',
  'book/1/',
  'book/1/a b.webp',
  'book\\1\\a.webp',
  'book/1/a.webp\u0000',
  `book/${'a'.repeat(520)}.webp`,
]

describe.each(implementations)('%s storage', (_name, open) => {
  let opened: Opened
  let store: FileStorage
  beforeAll(async () => {
    opened = await open()
    store = opened.storage
  })
  afterAll(() => opened.close())

  it('gives back what was put, byte for byte, with its type', async () => {
    await store.put('book/b1/0123abcd-96.webp', everyByte, 'image/webp')
    expect(await store.get('book/b1/0123abcd-96.webp')).toEqual({
      body: everyByte,
      contentType: 'image/webp',
    })
    await store.put('user/u1/ff-64.png', bytes(137, 80, 78, 71), 'image/png')
    expect(await store.get('user/u1/ff-64.png')).toEqual({
      body: bytes(137, 80, 78, 71),
      contentType: 'image/png',
    })
  })

  it('replaces a file put again under the same key', async () => {
    await store.put('book/b2/x-96.webp', bytes(1, 2, 3), 'image/webp')
    await store.put('book/b2/x-96.webp', bytes(9), 'image/webp')
    expect((await store.get('book/b2/x-96.webp'))?.body).toEqual(bytes(9))
  })

  it('has null for a missing key, and deleting one is fine', async () => {
    expect(await store.get('book/none/x-96.webp')).toBeNull()
    expect(await store.get('book/none')).toBeNull()
    await store.delete(['book/none/x-96.webp', 'book/none'])
    await store.delete([])
  })

  it('lists the keys under a prefix, a plain string prefix, in order', async () => {
    const keys = ['list/a/1-96.webp', 'list/a/1-192.webp', 'list/ab/2-96.webp', 'list/b/3-96.avif']
    for (const key of keys)
      await store.put(key, bytes(1), key.endsWith('.avif') ? 'image/avif' : 'image/webp')
    expect(await store.list('list/a/')).toEqual(['list/a/1-192.webp', 'list/a/1-96.webp'])
    expect(await store.list('list/a')).toEqual(['list/a/1-192.webp', 'list/a/1-96.webp', 'list/ab/2-96.webp'])
    expect(await store.list('list/')).toHaveLength(4)
    expect(await store.list('list/c/')).toEqual([])
    expect(await store.list('')).toEqual(expect.arrayContaining(keys))
  })

  it('lists only the files written before a time, when asked', async () => {
    await store.put('aged/old-96.webp', bytes(1), 'image/webp')
    // S3 keeps times to the second.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const between = new Date()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await store.put('aged/new-96.webp', bytes(2), 'image/webp')
    expect(await store.list('aged/', { modifiedBefore: between })).toEqual(['aged/old-96.webp'])
    expect(await store.list('aged/', { modifiedBefore: new Date(Date.now() + 5000) })).toHaveLength(2)
  })

  it('deletes the keys given and only those', async () => {
    await store.put('del/1-96.webp', bytes(1), 'image/webp')
    await store.put('del/1-192.webp', bytes(2), 'image/webp')
    await store.put('del/2-96.webp', bytes(3), 'image/webp')
    await store.delete(['del/1-96.webp', 'del/1-192.webp', 'del/missing-96.webp'])
    expect(await store.list('del/')).toEqual(['del/2-96.webp'])
    expect(await store.get('del/1-96.webp')).toBeNull()
  })

  it('lists and deletes more keys than S3 returns or deletes in one request (1000)', async () => {
    const keys = Array.from({ length: 1001 }, (_, index) => `many/${String(index).padStart(4, '0')}-64.webp`)
    for (let start = 0; start < keys.length; start += 50)
      await Promise.all(keys.slice(start, start + 50).map((key) => store.put(key, bytes(0), 'image/webp')))
    expect(await store.list('many/')).toEqual(keys)
    await store.delete(keys)
    expect(await store.list('many/')).toEqual([])
  })

  it.each(badKeys)('refuses the key %j everywhere', async (key) => {
    await expect(store.put(key, bytes(1), 'image/webp')).rejects.toThrow(InvalidStorageKey)
    await expect(store.get(key)).rejects.toThrow(InvalidStorageKey)
    await expect(store.delete(['book/ok-96.webp', key])).rejects.toThrow(InvalidStorageKey)
  })

  it('refuses prefixes that are not the start of a key', async () => {
    for (const prefix of ['/', '/book', '../', 'book/../', 'book//'])
      await expect(store.list(prefix), prefix).rejects.toThrow(InvalidStorageKey)
  })

  it('stores only pictures, with the type their extension names', async () => {
    await expect(store.put('book/b3/x.txt', bytes(1), 'text/plain')).rejects.toThrow(InvalidStorageKey)
    await expect(store.put('book/b3/x-96.webp', bytes(1), 'image/png')).rejects.toThrow(InvalidStorageKey)
    await expect(store.put('book/b3/x-96.jpg', bytes(1), 'image/jpeg')).resolves.toBeUndefined()
  })
})

describe('disk storage', () => {
  it('leaves no temporary file behind and makes its folders as needed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'folio-uploads-'))
    try {
      const store = createDiskStorage(path.join(root, 'not', 'yet'))
      await Promise.all(
        Array.from({ length: 20 }, (_, index) => store.put('book/b/x-96.webp', bytes(index), 'image/webp')),
      )
      expect(await readdir(path.join(root, 'not', 'yet', 'book', 'b'))).toEqual(['x-96.webp'])
      expect(await store.list('')).toEqual(['book/b/x-96.webp'])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

describe('storage()', () => {
  it('is the folder UPLOADS_DIR without S3_BUCKET, and a test may put another in its place', async () => {
    const key = `test/${randomUUID()}-64.webp`
    await storage().put(key, bytes(7), 'image/webp')
    try {
      expect(await readFile(path.join(serverEnv().UPLOADS_DIR, key))).toEqual(Buffer.from([7]))
    } finally {
      await storage().delete([key])
    }
    const replacement = createDiskStorage(path.join(tmpdir(), 'never-written'))
    setStorageForTests(replacement)
    expect(storage()).toBe(replacement)
    setStorageForTests(null)
    expect(storage()).not.toBe(replacement)
  })
})
