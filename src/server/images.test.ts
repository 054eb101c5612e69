/** Uploaded pictures, with fixtures made here by sharp itself (no binary file in the repository). */
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'

import { appConfig } from '@/app.config'
import { flatAvif, interlaced16BitPng, progressiveJpeg, ordinaryPhoto } from '~/test/hostile-images'

import { type ImageError, ImageRejected, jpegScans, processImage } from './images'

/**
 * How many pipelines decoded the pixels of `bytes` since the spy was last cleared. A pipeline
 * keeps its input in `options.input` (sharp's own field, read here only).
 */
const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer')
const decodesOf = (bytes: Uint8Array) =>
  toBuffer.mock.contexts.filter(
    (pipeline) =>
      (pipeline as { options?: { input?: { buffer?: unknown } } }).options?.input?.buffer === bytes,
  ).length

const red = { r: 255, g: 0, b: 0 }
const blue = { r: 0, g: 0, b: 255 }

const plain = (width: number, height: number, background = red) =>
  sharp({ create: { width, height, channels: 3, background } })

/**
 * A photo as a phone takes it: stored landscape, left half red and right half blue, with EXIF
 * saying to turn it a quarter clockwise (so it shows portrait, red on top), a copyright and a
 * GPS position.
 */
async function phonePhoto() {
  const half = await plain(600, 800, blue).png().toBuffer()
  return plain(1200, 800)
    .composite([{ input: half, left: 600, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'folio-marker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** The colour at a point of a picture, as 0-255 red, green and blue. */
async function colourAt(picture: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 }
}

const near = (colour: { r: number; g: number; b: number }, expected: typeof red) =>
  Math.abs(colour.r - expected.r) < 40 &&
  Math.abs(colour.g - expected.g) < 40 &&
  Math.abs(colour.b - expected.b) < 40

async function refusal(bytes: Uint8Array): Promise<ImageError | 'accepted'> {
  try {
    await processImage(bytes, 'cover')
    return 'accepted'
  } catch (error) {
    if (error instanceof ImageRejected) return error.code
    throw error
  }
}

describe('processImage', () => {
  it('turns a phone photo upright, crops it to a cover, and keeps no EXIF, GPS or other metadata', async () => {
    const photo = await phonePhoto()
    const before = await sharp(photo).metadata()
    // The fixture does carry what must go: orientation, the copyright, a GPS IFD (tag 0x8825).
    expect(before.orientation).toBe(6)
    expect(before.exif?.includes('folio-marker')).toBe(true)
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true)

    const { hash, files } = await processImage(photo, 'cover')
    expect(hash).toBe(createHash('sha256').update(photo).digest('hex').slice(0, 16))
    expect(files.map((file) => file.width)).toEqual([96, 192, 384, 768])
    for (const file of files) {
      const after = await sharp(file.body).metadata()
      expect(file.contentType).toBe('image/webp')
      expect(after.format).toBe('webp')
      expect([after.width, after.height]).toEqual([file.width, file.width * 1.5])
      expect(after.exif).toBeUndefined()
      expect(after.icc).toBeUndefined()
      expect(after.xmp).toBeUndefined()
      expect(after.iptc).toBeUndefined()
      expect(after.orientation).toBeUndefined()
      expect(Buffer.from(file.body).includes('folio-marker')).toBe(false)
    }
    // Upright: red on top, blue below (unturned, both would be red and blue side by side).
    const largest = files.at(-1)!
    expect(near(await colourAt(largest.body, 384, 20), red)).toBe(true)
    expect(near(await colourAt(largest.body, 384, 1130), blue)).toBe(true)
  })

  it.each([
    ['PNG', () => plain(900, 700).png().toBuffer()],
    ['WebP', () => plain(900, 700).webp().toBuffer()],
    ['AVIF', () => plain(900, 700).avif().toBuffer()],
  ])('accepts %s and makes square avatars of it', async (_type, make) => {
    const { files } = await processImage(await make(), 'avatar')
    expect(files.map((file) => file.width)).toEqual(appConfig.images.kinds.avatar.widths)
    for (const file of files) {
      const after = await sharp(file.body).metadata()
      expect([after.format, after.width, after.height]).toEqual(['webp', file.width, file.width])
    }
  })

  it('makes every width of a small picture, at its own size rather than enlarged', async () => {
    const { files } = await processImage(await plain(150, 150).png().toBuffer(), 'cover')
    const sizes = await Promise.all(
      files.map(async (file) => {
        const { width, height } = await sharp(file.body).metadata()
        return [file.width, width, height]
      }),
    )
    // 150 × 150 holds a 2:3 crop of 100 × 150 at most.
    expect(sizes).toEqual([
      [96, 96, 144],
      [192, 100, 150],
      [384, 100, 150],
      [768, 100, 150],
    ])
  })

  it('refuses other types, whatever the file is called, with IMAGE_TYPE_NOT_ALLOWED', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>')
    const avif = await plain(64, 64).avif().toBuffer()
    // The same file branded HEIC: a HEIF that does not say it is AVIF.
    const heic = Buffer.from(avif.toString('latin1').replace(/avif/g, 'heic'), 'latin1')
    const cases = {
      svg,
      gif: await plain(64, 64).gif().toBuffer(),
      tiff: await plain(64, 64).tiff().toBuffer(),
      heic,
      textRenamedJpg: Buffer.from('This is not a picture, only a file called cover.jpg\n'),
      empty: new Uint8Array(0),
    }
    for (const [name, bytes] of Object.entries(cases))
      expect([name, await refusal(bytes)]).toEqual([name, 'IMAGE_TYPE_NOT_ALLOWED'])
  })

  it('refuses a file over 5 MB with IMAGE_TOO_LARGE, before looking at what it is', async () => {
    expect(appConfig.images.maxBytes).toBe(5 * 1024 * 1024)
    const png = await plain(16, 16).png().toBuffer()
    const padded = new Uint8Array(appConfig.images.maxBytes + 1)
    padded.set(png)
    expect(await refusal(padded)).toBe('IMAGE_TOO_LARGE')
    expect(await refusal(new Uint8Array(appConfig.images.maxBytes + 1).fill(0x41))).toBe('IMAGE_TOO_LARGE')
  })

  it('refuses more than 40 million pixels with IMAGE_TOO_MANY_PIXELS, from the header alone', async () => {
    // One colour compresses to about half a megabyte, far under the byte limit.
    const huge = await plain(8000, 5001).png({ compressionLevel: 9 }).toBuffer()
    expect(huge.byteLength).toBeLessThan(appConfig.images.maxBytes)
    expect(await refusal(huge)).toBe('IMAGE_TOO_MANY_PIXELS')
  })

  it('refuses a picture that cannot be read with IMAGE_UNREADABLE', async () => {
    const jpeg = await plain(400, 400).jpeg().toBuffer()
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)])
    expect(await refusal(garbage)).toBe('IMAGE_UNREADABLE')
    // Its header reads, its pixels are cut short.
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toBe('IMAGE_UNREADABLE')
  })

  it('decodes an upload once, and makes the narrower widths from the widest', async () => {
    const photo = await ordinaryPhoto()
    toBuffer.mockClear()
    const { files } = await processImage(photo, 'cover')
    expect(decodesOf(photo)).toBe(1)
    expect(toBuffer).toHaveBeenCalledTimes(1 + files.length)
  })

  it('counts the scans of a JPEG from its markers', async () => {
    const picture = plain(300, 200)
    expect(jpegScans(await picture.clone().jpeg().toBuffer())).toBe(1)
    // libjpeg's progression for colour: 10 scans.
    expect(jpegScans(await picture.clone().jpeg({ progressive: true }).toBuffer())).toBe(10)
    expect(jpegScans(progressiveJpeg(64))).toBe(1 + 63 * 14)
  })

  it('refuses, before decoding, what would cost far more than its pixels say with IMAGE_TOO_COMPLEX', async () => {
    const cases = {
      // About 140 KB and 400 KB, under 40 million pixels: 883 and 2647 passes over the picture.
      progressiveGreyJpeg: progressiveJpeg(6320),
      progressiveColourJpeg: progressiveJpeg(6320, { components: 3 }),
      // About 360 KB, decoded whole: 240 MB of pixels.
      interlaced16BitPng: await interlaced16BitPng(6320),
      // About 1 KB, decoded whole.
      avif: await flatAvif(4000),
    }
    for (const [name, bytes] of Object.entries(cases)) {
      expect(bytes.byteLength).toBeLessThan(appConfig.images.maxBytes)
      toBuffer.mockClear()
      expect([name, await refusal(bytes)]).toEqual([name, 'IMAGE_TOO_COMPLEX'])
      expect(toBuffer).not.toHaveBeenCalled() // the header alone was read
    }
  })

  it('accepts the same kinds within their bounds', async () => {
    const { maxJpegScans, maxWholePixels } = appConfig.images
    const wholeSide = Math.floor(Math.sqrt(maxWholePixels))
    // A DC scan, then one scan per band.
    expect(await refusal(progressiveJpeg(6320, { bands: maxJpegScans, bits: 1 }))).toBe('IMAGE_TOO_COMPLEX')
    expect(await refusal(progressiveJpeg(6320, { bands: maxJpegScans - 1, bits: 1 }))).toBe('accepted')
    expect(await refusal(await interlaced16BitPng(wholeSide + 1))).toBe('IMAGE_TOO_COMPLEX')
    expect(await refusal(await interlaced16BitPng(wholeSide))).toBe('accepted')
    expect(await refusal(await flatAvif(wholeSide))).toBe('accepted')
  })

  it('works on one picture at a time and refuses with IMAGE_BUSY when too many wait', async () => {
    const photo = await ordinaryPhoto()
    const { jobs, waiting } = appConfig.images
    const results = await Promise.all(Array.from({ length: jobs + waiting + 2 }, () => refusal(photo)))
    expect(results.filter((result) => result === 'accepted')).toHaveLength(jobs + waiting)
    expect(results.filter((result) => result === 'IMAGE_BUSY')).toHaveLength(2)
  })
})
