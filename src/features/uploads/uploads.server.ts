import '@tanstack/react-start/server-only'

import { appConfig } from '@/app.config'
import { bookCovers, setBookCover } from '~/features/book/book.server'
import { setUserPicture, userPictures } from '~/features/user/user.server'
import { DEMO_MODE_CODE } from '~/lib/demo-mode'
import { HttpError } from '~/lib/http-error'
import { imageKey, type StoredImage } from '~/lib/images'
import { limits } from '~/lib/limits'
import { db } from '~/server/database'
import { serverEnv } from '~/server/env'
import { type ImageError, ImageRejected, processImage } from '~/server/images'
import { describeError, logger } from '~/server/logger'
import { outsideRequest } from '~/server/request-context'
import { bytesWithin } from '~/server/request-body'
import { databaseRequestLimiter, type RequestLimiter, redisRequestLimiter } from '~/server/request-limits'
import { authorize } from '~/server/session'
import { storage } from '~/server/storage'
import { removeStoredFiles } from '~/server/storage/remove'

import { isUploadTarget, type UploadTarget, uploadTargets } from './targets'

/**
 * How each target keeps its image: the storage folder of an owner's files; `set`, which records
 * the new content hash (or none) on the owner's row and returns the one it replaced, throwing a
 * 404 HttpError when there is no such owner; and `recorded`, the hashes the given owners record.
 */
const owners: Record<UploadTarget, { folder: (id: string) => string; set: SetImage; recorded: Recorded }> = {
  'book-cover': { folder: (id) => `book/${id}`, set: setBookCover, recorded: bookCovers },
  'user-picture': { folder: (id) => `user/${id}`, set: setUserPicture, recorded: userPictures },
}

type SetImage = (id: string, hash: string | null) => Promise<string | null>
type Recorded = (ids: ReadonlyArray<string>) => Promise<Map<string, string>>

/** An owner's id as Folio makes them (UUIDs, better-auth's ids): anything else names no owner. */
const ownerIdPattern = new RegExp(`^[A-Za-z0-9_-]{1,${limits.id}}$`)

const refuse = (status: number, code: string, headers?: HeadersInit) =>
  Response.json({ code }, { status, headers })

let limiter: RequestLimiter | undefined

/**
 * Counts an upload for its sender and for its address: UPLOADS_PER_HOUR each. Refused, it answers
 * 429 with the seconds until the next one is allowed.
 */
async function countUpload(userId: string, ip: string | undefined): Promise<Response | undefined> {
  const env = serverEnv()
  if (!env.RATE_LIMIT_ENABLED) return undefined
  limiter ??= env.REDIS_URL ? redisRequestLimiter(env.REDIS_URL) : databaseRequestLimiter(await db())
  const limit = { max: env.UPLOADS_PER_HOUR, windowSeconds: 3600 }
  for (const key of [`upload:user:${userId}`, ...(ip ? [`upload:ip:${ip}`] : [])]) {
    const verdict = await limiter(key, limit)
    if (!verdict.allowed)
      return refuse(429, 'TOO_MANY_REQUESTS', { 'Retry-After': String(verdict.retryAfterSeconds) })
  }
  return undefined
}

/** A refused picture's answer: too large 413, busy 503 (try again shortly), otherwise 400. */
function refuseImage(code: ImageError) {
  if (code === 'IMAGE_TOO_LARGE') return refuse(413, code)
  if (code === 'IMAGE_BUSY') return refuse(503, code, { 'Retry-After': '5' })
  return refuse(400, code)
}

/** Every width's file of an image, as stored. */
function keysOf(image: StoredImage, target: UploadTarget) {
  return appConfig.images.kinds[uploadTargets[target].kind].widths.map((width) => imageKey(image, width))
}

/**
 * PUT stores the body as the target's new image (re-encoded to every width, named by content)
 * and then records it, removing the files it replaced; DELETE records none and removes the
 * files. The caller needs the target's right; a failure leaves the previous image in place.
 */
export async function handleUpload(
  request: Request,
  target: string,
  id: string,
  ip: string | undefined,
): Promise<Response> {
  if (!isUploadTarget(target) || !ownerIdPattern.test(id)) return refuse(404, 'NOT_FOUND')
  try {
    if (serverEnv().DEMO_MODE) throw new HttpError(403, DEMO_MODE_CODE)
    const session = await authorize(request.headers, uploadTargets[target].access)
    if (uploadTargets[target].own) {
      if (session.user.id !== id) throw new HttpError(403, 'FORBIDDEN')
      if ((session.session as { impersonatedBy?: string | null }).impersonatedBy)
        throw new HttpError(403, 'NOT_WHILE_IMPERSONATING')
    }
    const { folder, set } = owners[target]
    const owner = folder(id)
    if (request.method === 'DELETE') {
      const previous = await set(id, null)
      if (previous) await removeStoredFiles(keysOf({ owner, hash: previous }, target))
      return Response.json({ hash: null })
    }
    const refused = await countUpload(session.user.id, ip)
    if (refused) return refused
    const body = await bytesWithin(request, appConfig.images.maxBytes)
    if (body === 'too large') return refuse(413, 'IMAGE_TOO_LARGE', { Connection: 'close' })
    const image = await processImage(body, uploadTargets[target].kind, request.signal)
    const stored = { owner, hash: image.hash }
    await Promise.all(
      image.files.map((file) => storage().put(imageKey(stored, file.width), file.body, file.contentType)),
    )
    let previous: string | null
    try {
      previous = await set(id, image.hash)
    } catch (error) {
      // No owner: nothing points to the new files. Any other failure leaves them, since the
      // owner's current image may be these very files (the same picture sent again).
      if (error instanceof HttpError && error.status === 404) await removeStoredFiles(keysOf(stored, target))
      throw error
    }
    if (previous && previous !== image.hash)
      await removeStoredFiles(keysOf({ owner, hash: previous }, target))
    return Response.json({ hash: image.hash })
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.status, error.code)
    if (error instanceof ImageRejected) return refuseImage(error.code)
    // A sender who left while its picture waited for a slot is no server error.
    if (request.signal.aborted) throw error
    logger.error('Upload failed', { target, error: describeError(error) })
    return refuse(500, 'UNKNOWN_ERROR')
  }
}

/** Owners whose recorded images one query reads. */
const ownersAQuery = 500

/**
 * Removes the stored images that no owner records, among the files written before
 * `modifiedBefore`: those of an upload cut short between storing its files and recording them (a
 * server killed, the database gone), or of a replaced image whose removal was. Younger files stay,
 * as an upload may be about to record them. Returns how many files it removed.
 */
export async function sweepUploads(modifiedBefore: Date): Promise<number> {
  let removed = 0
  for (const target of Object.keys(owners) as UploadTarget[]) {
    const { folder, recorded } = owners[target]
    const prefix = folder('')
    const ownerOf = (key: string) => key.slice(prefix.length).split('/')[0] ?? ''
    const keys = await storage().list(prefix, { modifiedBefore })
    const ids = [...new Set(keys.map(ownerOf))]
    const kept = new Set<string>()
    for (let start = 0; start < ids.length; start += ownersAQuery)
      for (const [id, hash] of await recorded(ids.slice(start, start + ownersAQuery)))
        for (const key of keysOf({ owner: folder(id), hash }, target)) kept.add(key)
    const stale = keys.filter((key) => !kept.has(key))
    if (stale.length > 0) await storage().delete(stale)
    removed += stale.length
  }
  return removed
}

/**
 * Sweeps the stored images at start and then every UPLOADS_ORPHAN_MINUTES, removing those nothing
 * has recorded for that long. Returns a function that stops it.
 */
export function keepUploadsSwept(): () => void {
  const minutes = serverEnv().UPLOADS_ORPHAN_MINUTES
  const sweep = () =>
    outsideRequest(() => sweepUploads(new Date(Date.now() - minutes * 60_000))).then(
      (removed) => removed > 0 && logger.info('Removed stored images that nothing records', { removed }),
      (error: unknown) => logger.error('Stored images not swept', { error: describeError(error) }),
    )
  const first = setTimeout(() => void sweep(), 1000)
  const every = setInterval(() => void sweep(), minutes * 60_000)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
