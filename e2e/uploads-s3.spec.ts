/**
 * Two production instances on one database and one S3 bucket (a real S3-protocol server on
 * loopback): a cover sent to one is stored in the bucket and served by the other, and deleting the
 * book empties its folder there. On the embedded database (no second connection) one instance.
 */
import { randomBytes } from 'node:crypto'

import { expect, test } from '@playwright/test'

import { uploadUrl } from '~/features/uploads/targets'
import { createS3Storage } from '~/server/storage/s3-storage'
import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'
import { startS3Server } from '~/test/s3-server'

import { jpegPhoto } from './support/fixtures'
import { startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'
import { callServerFn, resultOf } from './support/server-fn'

test('covers live in the S3 bucket that every instance shares', async ({ playwright }) => {
  test.slow()
  const s3 = await startS3Server()
  const serverUrl = testDatabaseServer()
  const database = serverUrl ? await createFreshDatabase(serverUrl, 'folio_s3') : undefined
  // One secret for both, as instances behind one address have: each accepts the other's sessions.
  const env = {
    ...s3.env,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  }
  const first = await startAppServer(env)
  const second = database ? await startAppServer(env) : first
  // The test reads the bucket as the app does, through the same variables.
  Object.assign(process.env, s3.env)
  const bucket = createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint })
  try {
    const admin = await signInOverHttp('admin@example.com', first)
    const request = await playwright.request.newContext({ extraHTTPHeaders: { cookie: admin.cookie } })
    const books = await resultOf<{ items: Array<{ genre: { id: string } }> }>(
      await callServerFn(request, 'book--getBooks', 'GET', { searchTerm: 'austen' }, first.url),
    )
    const { id } = await resultOf<{ id: string }>(
      await callServerFn(
        request,
        'book--postBook',
        'POST',
        {
          title: `In the bucket ${crypto.randomUUID().slice(0, 8)}`,
          author: 'S3',
          genreId: books.items[0]?.genre.id,
        },
        first.url,
      ),
    )
    const photo = await jpegPhoto('#a63')
    const sent = await request.put(`${first.url}${uploadUrl('book-cover', id)}`, {
      data: photo,
      headers: { origin: first.url },
    })
    expect(sent.status()).toBe(200)
    const keys = await bucket.list(`book/${id}/`)
    expect(keys).toHaveLength(4)

    // Served by the other instance, which never saw the upload.
    const served = await request.get(`${second.url}/media/${keys[0]}`)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/webp')

    expect((await callServerFn(request, 'book--removeBook', 'POST', { id }, second.url)).status()).toBe(200)
    expect(await bucket.list(`book/${id}/`)).toEqual([])
    await request.dispose()
  } finally {
    await second.stop()
    if (second !== first) await first.stop()
    await database?.drop()
    await s3.stop()
  }
})
