/**
 * A server function's payload, checked before TanStack Start reads it. Start answers 500, with
 * the parser's message, to a payload that is not JSON or not seroval, and reads a POST body of
 * any size. Here such a request answers 400 VALIDATION_ERROR, and one larger than Start's own
 * limit for GET payloads 413, before anything else runs.
 */
import '@tanstack/react-start/server-only'
import { fromJSON } from 'seroval'

/** Start's limit on a GET payload, applied to POST bodies as well; Folio's inputs are far smaller. */
export const MAX_PAYLOAD_CHARS = 1_000_000

const refusal = (status: 400 | 413, code: string) => Response.json({ code }, { status })

async function rawPayload(request: Request): Promise<string | null | 'too large'> {
  if (request.method === 'GET') return new URL(request.url).searchParams.get('payload')
  if (!request.headers.get('content-type')?.includes('application/json')) return null
  if (Number(request.headers.get('content-length') ?? 0) > MAX_PAYLOAD_CHARS) return 'too large'
  const body = await request.clone().text()
  return body.length > MAX_PAYLOAD_CHARS ? 'too large' : body
}

/** The answer to a request whose payload Start should not see, or undefined. */
export async function payloadRefusal(request: Request): Promise<Response | undefined> {
  const raw = await rawPayload(request)
  if (raw === 'too large') return refusal(413, 'PAYLOAD_TOO_LARGE')
  if (!raw) return undefined
  try {
    fromJSON(JSON.parse(raw) as Parameters<typeof fromJSON>[0])
    return undefined
  } catch {
    return refusal(400, 'VALIDATION_ERROR')
  }
}
