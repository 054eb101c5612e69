/**
 * What one upload may cost the server, against a production server of this file's own: pictures
 * that are small to send but costly to decode are refused without stalling anyone, and a person,
 * or an address, sends at most UPLOADS_PER_HOUR pictures an hour.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { uploadUrl } from '~/features/uploads/targets'
import { flatAvif, interlaced16BitPng, progressiveJpeg, ordinaryPhoto } from '~/test/hostile-images'

import { startAppServer } from './support/app-server'
import { signInOverHttp } from './support/auth-api'
import { uniqueEmail } from './support/fixtures'

const uploadsPerHour = 3
let server: Awaited<ReturnType<typeof startAppServer>>
let uploadsDir = ''

test.beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'folio-upload-limits-'))
  server = await startAppServer({
    UPLOADS_DIR: uploadsDir,
    RATE_LIMIT_ENABLED: 'true',
    // Sign-ins stay easy; the upload limits are the production ones but for their count.
    RATE_LIMIT_CODE_MAX: '100',
    RATE_LIMIT_MAX: '1000',
    UPLOADS_PER_HOUR: String(uploadsPerHour),
    TRUSTED_IP_HEADER: 'x-forwarded-for',
  })
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(uploadsDir, { recursive: true, force: true })
})

/** A new person, signed in from the address `ip`. */
const personFrom = (ip: string) => signInOverHttp(uniqueEmail('uploader'), server, { 'x-forwarded-for': ip })

/** Sends a file as the person's own picture, from `ip`, as the page would (same site). */
const putPicture = (person: { id: string; cookie: string }, ip: string, body: Buffer) =>
  fetch(`${server.url}${uploadUrl('user-picture', person.id)}`, {
    method: 'PUT',
    headers: { cookie: person.cookie, origin: server.url, 'x-forwarded-for': ip },
    body: new Uint8Array(body),
  })

test('pictures that cost far more to decode than their size are refused, and /media answers meanwhile', async () => {
  test.slow()
  const ip = '203.0.113.10'
  const person = await personFrom(ip)
  const ordinary = await putPicture(person, ip, await ordinaryPhoto())
  expect(ordinary.status).toBe(200)
  const { hash } = (await ordinary.json()) as { hash: string }
  const shown = `${server.url}/media/user/${person.id}/${hash}-64.webp`
  const stored = await readdir(path.join(uploadsDir, 'user', person.id))

  // Each small to send: about 140 KB, 400 KB, 360 KB and 1 KB.
  const costly = {
    progressiveGreyJpeg: progressiveJpeg(6320),
    progressiveColourJpeg: progressiveJpeg(6320, { components: 3 }),
    interlaced16BitPng: await interlaced16BitPng(6320),
    avif: await flatAvif(4000),
  }
  // Sent by people of their own from addresses of their own, so no upload limit is what refuses them.
  const senders = await Promise.all(
    Object.keys(costly).map((_, index) => personFrom(`198.51.100.${index + 1}`)),
  )
  let sending = true
  const mediaStatuses: number[] = []
  const watching = (async () => {
    while (sending) mediaStatuses.push((await fetch(shown)).status)
  })()
  const answers = await Promise.all(
    Object.entries(costly).map(async ([name, bytes], index) => {
      const response = await putPicture(senders[index]!, `198.51.100.${index + 1}`, bytes)
      return [name, response.status, ((await response.json()) as { code?: string }).code]
    }),
  )
  sending = false
  await watching
  for (const [name] of Object.entries(costly))
    expect(answers).toContainEqual([name, 400, 'IMAGE_TOO_COMPLEX'])
  expect(mediaStatuses.length).toBeGreaterThan(0)
  expect(mediaStatuses.every((status) => status === 200)).toBe(true)
  // Nothing of theirs was stored, and the first person's picture is as it was.
  for (const sender of senders)
    expect(await readdir(path.join(uploadsDir, 'user', sender.id)).catch(() => [])).toEqual([])
  expect(await readdir(path.join(uploadsDir, 'user', person.id))).toEqual(stored)
})

test('a person, and an address, send at most UPLOADS_PER_HOUR pictures an hour', async () => {
  const photo = await ordinaryPhoto()
  const [home, office, cafe] = ['203.0.113.21', '203.0.113.22', '203.0.113.23']
  const first = await personFrom(home)
  for (let upload = 0; upload < uploadsPerHour; upload++)
    expect((await putPicture(first, upload === 0 ? home : office, photo)).status).toBe(200)
  // The person's own limit, from any address.
  const refused = await putPicture(first, cafe, photo)
  expect(refused.status).toBe(429)
  expect(await refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS' })
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

  // The office has taken two of the first person's: one more from someone else reaches its limit.
  // The cafe did not count the refused one, so it still takes theirs.
  const second = await personFrom(cafe)
  expect((await putPicture(second, office, photo)).status).toBe(200)
  expect((await putPicture(second, office, photo)).status).toBe(429)
  expect((await putPicture(second, cafe, photo)).status).toBe(200)
})
