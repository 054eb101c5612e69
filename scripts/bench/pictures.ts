/**
 * What an upload costs the server: an ordinary photo beside the costliest pictures Folio still
 * accepts, each at the edge of a bound (bytes, pixels, scans, pixels decoded whole). Each is sent
 * as a person's picture five times after one warm-up; the figures are the medians of the
 * answer's time and of the server's CPU time (from /proc), so a fast answer that left work behind
 * would still show.
 */
import { readFileSync } from 'node:fs'

import { appConfig } from '@/app.config'
import { uploadUrl } from '~/features/uploads/targets'
import { interlaced16BitPng, ordinaryPhoto, photo, progressiveJpeg } from '~/test/hostile-images'

export type PictureCost = { picture: string; kilobytes: number; ms: number; cpuMs: number }

const { maxJpegScans, maxWholePixels } = appConfig.images
const wholeSide = Math.floor(Math.sqrt(maxWholePixels))

/** The pictures measured, ordinary first. */
const pictures: Array<[string, () => Promise<Buffer>]> = [
  ['ordinary photo: 600×900 JPEG', ordinaryPhoto],
  ['baseline JPEG photo, 40 MP', async () => (await photo(6320, 6320)).jpeg({ quality: 50 }).toBuffer()],
  [
    `progressive JPEG, 40 MP, ${maxJpegScans} scans`,
    () => Promise.resolve(progressiveJpeg(6320, { bands: maxJpegScans - 1, bits: 1 })),
  ],
  ['WebP photo, 40 MP', async () => (await photo(6320, 6320)).webp({ quality: 50 }).toBuffer()],
  ['16-bit PNG, 40 MP', () => interlaced16BitPng(6320, { interlaced: false })],
  [`interlaced 16-bit PNG, ${maxWholePixels / 1e6} MP`, () => interlaced16BitPng(wholeSide)],
  [`AVIF photo, ${maxWholePixels / 1e6} MP`, async () => (await photo(wholeSide, wholeSide)).avif({ quality: 50 }).toBuffer()],
]

/** The process's CPU time so far, in milliseconds (Linux clock ticks are 10 ms). */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function measurePictures(
  server: { url: string; pid: number },
  person: { id: string; cookie: string },
): Promise<PictureCost[]> {
  const costs: PictureCost[] = []
  for (const [name, make] of pictures) {
    const body = await make()
    if (body.byteLength > appConfig.images.maxBytes) throw new Error(`${name}: over the byte limit`)
    const send = async () => {
      const cpuBefore = cpuMsOf(server.pid)
      const started = performance.now()
      const response = await fetch(`${server.url}${uploadUrl('user-picture', person.id)}`, {
        method: 'PUT',
        headers: { cookie: person.cookie, origin: server.url },
        body: new Uint8Array(body),
      })
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`)
      return { ms: performance.now() - started, cpuMs: cpuMsOf(server.pid) - cpuBefore }
    }
    await send()
    const runs = []
    for (let run = 0; run < 5; run++) runs.push(await send())
    const cost = {
      picture: name,
      kilobytes: Math.round(body.byteLength / 1024),
      ms: Math.round(median(runs.map((run) => run.ms))),
      cpuMs: median(runs.map((run) => run.cpuMs)),
    }
    console.log('picture', cost)
    costs.push(cost)
  }
  return costs
}
