/**
 * Uploaded pictures, made safe to serve: the type is decided from the bytes alone; size, pixel
 * count and what decoding will cost are checked before anything is decoded; and each picture is
 * re-encoded to WebP at fixed widths, turned upright and cropped to its kind's aspect, with all
 * metadata (EXIF, GPS, ICC, XMP) dropped. A process works on a few pictures at a time.
 */
import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'

import { appConfig } from '@/app.config'
import type { ImageKind } from '~/lib/images'

import { createSlots } from './slots'

const { maxBytes, maxPixels, maxWholePixels, maxJpegScans, timeoutSeconds } = appConfig.images

export type ImageError =
  | 'IMAGE_TOO_LARGE'
  | 'IMAGE_TYPE_NOT_ALLOWED'
  | 'IMAGE_TOO_MANY_PIXELS'
  | 'IMAGE_TOO_COMPLEX'
  | 'IMAGE_UNREADABLE'
  | 'IMAGE_BUSY'

// Every upload is a new picture: libvips' cache of recent operations would only hold memory.
sharp.cache(false)

export class ImageRejected extends Error {
  override name = 'ImageRejected'
  constructor(public code: ImageError) {
    super(code)
  }
}

export interface ProcessedImage {
  /** The first 16 hex digits of the original file's SHA-256: the files are named by content. */
  hash: string
  /** One file per width of the kind, widest last. */
  files: Array<{ width: number; body: Uint8Array; contentType: 'image/webp' }>
}

const webpQuality = 80

type Accepted = 'jpeg' | 'png' | 'webp' | 'avif'

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length))

/**
 * The accepted type the file's first bytes announce, if any. Anything else is refused before
 * sharp sees it, so no other decoder (SVG, GIF, TIFF, PDF...) ever runs on an upload.
 */
function announcedType(bytes: Uint8Array): Accepted | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp'
  // An ISO media file (AVIF, HEIC...): an `ftyp` box first, whose brands must include AVIF's.
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0)
    const end = Math.min(boxSize, bytes.length, 64)
    for (let offset = 8; offset + 4 <= end; offset += 4) {
      if (offset === 12) continue // the minor version, not a brand
      const brand = ascii(bytes, offset, 4)
      if (brand === 'avif' || brand === 'avis') return 'avif'
    }
  }
  return undefined
}

/** Whether sharp read the same type from the file's header (AVIF is HEIF compressed with AV1). */
function confirms(type: Accepted, metadata: Metadata) {
  if (type === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1'
  return metadata.format === type
}

const isMarker = (bytes: Uint8Array, at: number) =>
  bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7)

/**
 * How many scans a JPEG has, counted from its markers: the segments are skipped by their length,
 * and each scan's coded data runs to the next marker (0xFF followed by neither a stuffed 0x00 nor
 * a restart marker).
 */
export function jpegScans(bytes: Uint8Array): number {
  let scans = 0
  let at = 2
  while (at + 3 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!
    if (marker === 0xff)
      at += 1 // a fill byte before a marker
    else if (marker === 0xd9)
      break // the end of the image
    else {
      at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)
      if (marker === 0xda) {
        scans++
        while (at + 1 < bytes.length && !isMarker(bytes, at)) at++
      }
    }
  }
  return scans
}

/**
 * Refuses a picture that would cost far more to decode than its pixel count says: an AVIF or an
 * interlaced PNG is decoded whole rather than a few lines at a time, and a progressive JPEG is
 * read once per scan.
 */
function checkCost(type: Accepted, metadata: Metadata, bytes: Uint8Array) {
  const decodedWhole = type === 'avif' || (type === 'png' && metadata.isProgressive)
  if (decodedWhole && metadata.width * metadata.height > maxWholePixels)
    throw new ImageRejected('IMAGE_TOO_COMPLEX')
  if (type === 'jpeg' && metadata.isProgressive && jpegScans(bytes) > maxJpegScans)
    throw new ImageRejected('IMAGE_TOO_COMPLEX')
}

/** Refuses what is not an accepted picture within the limits; reads headers only. */
async function check(bytes: Uint8Array): Promise<Metadata> {
  if (bytes.byteLength > maxBytes) throw new ImageRejected('IMAGE_TOO_LARGE')
  const type = announcedType(bytes)
  if (!type) throw new ImageRejected('IMAGE_TYPE_NOT_ALLOWED')
  let metadata: Metadata
  try {
    // Reading the header decodes no pixels, so no pixel limit here: the count is checked below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRejected('IMAGE_UNREADABLE')
  }
  if (!confirms(type, metadata)) throw new ImageRejected('IMAGE_TYPE_NOT_ALLOWED')
  if (metadata.width * metadata.height > maxPixels) throw new ImageRejected('IMAGE_TOO_MANY_PIXELS')
  checkCost(type, metadata, bytes)
  return metadata
}

/**
 * The size of one output: `width` wide at the kind's aspect, or, when the upright source is too
 * small for that, the largest crop of the source at that aspect (never enlarged).
 */
function outputSize(
  width: number,
  aspect: readonly [number, number],
  source: { width: number; height: number },
) {
  const [across, down] = aspect
  const widest = Math.min(source.width, (source.height * across) / down)
  const outWidth = Math.max(1, Math.floor(Math.min(width, widest)))
  return { width: outWidth, height: Math.max(1, Math.round((outWidth * down) / across)) }
}

/** The pictures being processed in this process, and those waiting their turn. */
const jobs = createSlots(appConfig.images.jobs)

/**
 * Checks an uploaded picture and makes the files to store: one WebP for each width of the kind,
 * every width always present (keys stay predictable); a source smaller than a width gives that
 * width's file at the source's own size. Waits for one of the process's image slots (refused with
 * IMAGE_BUSY when too many already wait), and throws ImageRejected with the reason otherwise.
 */
export async function processImage(
  bytes: Uint8Array,
  kind: ImageKind,
  signal?: AbortSignal,
): Promise<ProcessedImage> {
  if (jobs.waiting >= appConfig.images.waiting) throw new ImageRejected('IMAGE_BUSY')
  await jobs.enter(signal)
  try {
    return await encode(bytes, kind)
  } finally {
    jobs.leave()
  }
}

async function encode(bytes: Uint8Array, kind: ImageKind): Promise<ProcessedImage> {
  const metadata = await check(bytes)
  const { aspect, widths } = appConfig.images.kinds[kind]
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const timeout = { seconds: timeoutSeconds }
  try {
    // The source is decoded once, turned upright by its EXIF orientation and shrunk to the widest
    // output, in 8-bit sRGB; the narrower files are made from those pixels. sharp writes no
    // metadata unless asked to (withMetadata, keepExif...), so the outputs carry none.
    const widest = outputSize(Math.max(...widths), aspect, metadata.autoOrient)
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
      .timeout(timeout)
      .rotate()
      .resize(widest.width, widest.height, { fit: 'cover' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } }
    const files: ProcessedImage['files'] = []
    // One width after another: a picture holds one of the thread pool's threads at a time, and
    // the others stay free for reading files (`/media`).
    for (const width of widths) {
      const size = outputSize(width, aspect, info)
      const body = await sharp(data, pixels)
        .timeout(timeout)
        .resize(size.width, size.height, { fit: 'cover' })
        .webp({ quality: webpQuality })
        .toBuffer()
      files.push({ width, body, contentType: 'image/webp' })
    }
    return { hash, files }
  } catch (error) {
    // Processing that ran out of time, or a header that reads but pixels that do not (a
    // truncated or corrupt file).
    const timedOut = error instanceof Error && error.message.startsWith('timeout')
    throw new ImageRejected(timedOut ? 'IMAGE_TOO_COMPLEX' : 'IMAGE_UNREADABLE')
  }
}
