/**
 * A server function's payload, checked before TanStack Start reads it. Start answers 500, with
 * the parser's message, to a payload that is not JSON or not seroval, and reads a body of any
 * size or form. Here such a request answers 400 VALIDATION_ERROR, one larger than Start's own
 * limit for GET payloads 413, and a body that is not JSON (Folio's client sends nothing else)
 * 415, before anything else runs.
 */
import '@tanstack/react-start/server-only'
import { fromJSON } from 'seroval'

import { bodyWithin, tooLarge } from './request-body'

/** Start's limit on a GET payload, applied to POST bodies as well; Folio's inputs are far smaller. */
export const MAX_PAYLOAD_BYTES = 1_000_000

const refusal = (status: 400 | 415, code: string) => Response.json({ code }, { status })

/** The answer to a request whose payload Start should not see, or undefined. */
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
