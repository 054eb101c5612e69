/**
 * Uploaded pictures, made safe to serve: the type is decided from the bytes alone, size and
 * pixel count are checked before anything is decoded, and each picture is re-encoded to WebP at
 * fixed widths, turned upright and cropped to its kind's aspect, with all metadata (EXIF, GPS,
 * ICC, XMP) dropped.
 */
import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'

import { appConfig } from '@/app.config'
import type { ImageKind } from '~/lib/images'

const { maxBytes, maxPixels } = appConfig.images

export type ImageError =
  'IMAGE_TOO_LARGE' | 'IMAGE_TYPE_NOT_ALLOWED' | 'IMAGE_TOO_MANY_PIXELS' | 'IMAGE_UNREADABLE'

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

/**
 * Checks an uploaded picture and makes the files to store: one WebP for each width of the kind,
 * every width always present (keys stay predictable); a source smaller than a width gives that
 * width's file at the source's own size. Throws ImageRejected with the reason otherwise.
 */
export async function processImage(bytes: Uint8Array, kind: ImageKind): Promise<ProcessedImage> {
  const metadata = await check(bytes)
  const { aspect, widths } = appConfig.images.kinds[kind]
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  // Turned upright by its EXIF orientation first. sharp writes no metadata unless asked to
  // (withMetadata, keepExif...), so the outputs carry none.
  const source = sharp(bytes, { limitInputPixels: maxPixels }).rotate()
  try {
    const files = await Promise.all(
      widths.map(async (width) => {
        const size = outputSize(width, aspect, metadata.autoOrient)
        const body = await source
          .clone()
          .resize(size.width, size.height, { fit: 'cover' })
          .webp({ quality: webpQuality })
          .toBuffer()
        return { width, body, contentType: 'image/webp' as const }
      }),
    )
    return { hash, files }
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw new ImageRejected('IMAGE_UNREADABLE')
  }
}
