import '@tanstack/react-start/server-only'

import { appConfig } from '@/app.config'
import { setBookCover } from '~/features/book/book.server'
import { setUserPicture } from '~/features/user/user.server'
import { DEMO_MODE_CODE } from '~/lib/demo-mode'
import { HttpError } from '~/lib/http-error'
import { imageKey, type StoredImage } from '~/lib/images'
import { limits } from '~/lib/limits'
import { db } from '~/server/database'
import { serverEnv } from '~/server/env'
import { type ImageError, ImageRejected, processImage } from '~/server/images'
import { describeError, logger } from '~/server/logger'
import { bytesWithin } from '~/server/request-body'
import { databaseRequestLimiter, type RequestLimiter, redisRequestLimiter } from '~/server/request-limits'
import { authorize } from '~/server/session'
import { storage } from '~/server/storage'
import { removeStoredFiles } from '~/server/storage/remove'

import { isUploadTarget, type UploadTarget, uploadTargets } from './targets'

/**
 * How each target keeps its image: the storage folder of an owner's files, and `set`, which
 * records the new content hash (or none) on the owner's row and returns the one it replaced. It
 * throws a 404 HttpError when there is no such owner.
 */
const owners: Record<UploadTarget, { folder: (id: string) => string; set: SetImage }> = {
  'book-cover': { folder: (id) => `book/${id}`, set: setBookCover },
  'user-picture': { folder: (id) => `user/${id}`, set: setUserPicture },
}

type SetImage = (id: string, hash: string | null) => Promise<string | null>

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
