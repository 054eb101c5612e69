import '@tanstack/react-start/server-only'

import { appConfig } from '@/app.config'
import { setBookCover } from '~/features/book/book.server'
import { setUserPicture } from '~/features/user/user.server'
import { DEMO_MODE_CODE } from '~/lib/demo-mode'
import { HttpError } from '~/lib/http-error'
import { imageKey, type StoredImage } from '~/lib/images'
import { limits } from '~/lib/limits'
import { serverEnv } from '~/server/env'
import { ImageRejected, processImage } from '~/server/images'
import { describeError, logger } from '~/server/logger'
import { bytesWithin } from '~/server/request-body'
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

const refuse = (status: number, code: string) => Response.json({ code }, { status })

/** Every width's file of an image, as stored. */
function keysOf(image: StoredImage, target: UploadTarget) {
  return appConfig.images.kinds[uploadTargets[target].kind].widths.map((width) => imageKey(image, width))
}

/**
 * PUT stores the body as the target's new image (re-encoded to every width, named by content)
 * and then records it, removing the files it replaced; DELETE records none and removes the
 * files. The caller needs the target's right; a failure leaves the previous image in place.
 */
export async function handleUpload(request: Request, target: string, id: string): Promise<Response> {
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
    const body = await bytesWithin(request, appConfig.images.maxBytes)
    if (body === 'too large')
      return Response.json({ code: 'IMAGE_TOO_LARGE' }, { status: 413, headers: { Connection: 'close' } })
    const image = await processImage(body, uploadTargets[target].kind)
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
    if (error instanceof ImageRejected)
      return refuse(error.code === 'IMAGE_TOO_LARGE' ? 413 : 400, error.code)
    logger.error('Upload failed', { target, error: describeError(error) })
    return refuse(500, 'UNKNOWN_ERROR')
  }
}
