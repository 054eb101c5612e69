/**
 * Checks a server function's payload before TanStack Start reads it, because Start answers 500 to
 * a bad payload and reads bodies of any size. Here a bad payload gets 400, a large one 413, and a
 * non-JSON body 415.
 */
import '@tanstack/react-start/server-only'
import { fromJSON } from 'seroval'

import { bodyWithin, tooLarge } from './request-body'

/** Start's limit on a GET payload, also applied to POST bodies; Folio's inputs are far smaller. */
export const MAX_PAYLOAD_BYTES = 1_000_000

const refusal = (status: 400 | 415, code: string) => Response.json({ code }, { status })

/** The refusal for a payload Start should not see, or undefined. */
export async function payloadRefusal(request: Request): Promise<Response | undefined> {
  let raw: string | null
  if (request.method === 'GET') {
    raw = new URL(request.url).searchParams.get('payload')
    if (raw && raw.length > MAX_PAYLOAD_BYTES) return tooLarge()
  } else {
    if (request.body === null) return undefined
    if (!request.headers.get('content-type')?.includes('application/json'))
      return refusal(415, 'UNSUPPORTED_MEDIA_TYPE')
    const body = await bodyWithin(request, MAX_PAYLOAD_BYTES)
    if (body === 'too large') return tooLarge()
    raw = body
  }
  if (!raw) return undefined
  try {
    fromJSON(JSON.parse(raw) as Parameters<typeof fromJSON>[0])
    return undefined
  } catch {
    return refusal(400, 'VALIDATION_ERROR')
  }
}
