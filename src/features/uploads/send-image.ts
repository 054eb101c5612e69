import { HttpError, httpStatusOf } from '~/lib/http-error'

import { type UploadTarget, uploadUrl } from './targets'

/** A refusal's code from the upload route's JSON answer, or UNKNOWN_ERROR. */
function refusalOf(status: number, body: unknown): HttpError {
  const code =
    typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : 'UNKNOWN_ERROR'
  return new HttpError(httpStatusOf(status), code)
}

/**
 * Sends an image for a target (a book's cover), reporting the share sent so far (0 to 1). It uses
 * XMLHttpRequest because fetch cannot report an upload's progress.
 */
export function sendImage(
  target: UploadTarget,
  id: string,
  file: Blob,
  onProgress: (sent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', uploadUrl(target, id))
    request.responseType = 'json'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    })
    request.addEventListener('load', () =>
      request.status < 300 ? resolve() : reject(refusalOf(request.status, request.response)),
    )
    request.addEventListener('error', () => reject(new HttpError(503, 'NETWORK_ERROR')))
    request.send(file)
  })
}

/** Removes a target's image. */
export async function removeImage(target: UploadTarget, id: string): Promise<void> {
  const response = await fetch(uploadUrl(target, id), { method: 'DELETE' })
  if (!response.ok) throw refusalOf(response.status, await response.json().catch(() => null))
}
