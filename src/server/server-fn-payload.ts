/**
 * Checks a server function's request before TanStack Start reads it, because Start answers 500 to
 * an unknown function or a bad payload and reads bodies of any size. Here an unknown function gets
 * 404, a bad payload 400, a large one 413, and a non-JSON body 415.
 */
import '@tanstack/react-start/server-only'
import { fromJSON } from 'seroval'

import { appConfig } from '@/app.config'
import { serverFunctions } from '~/features/auth/function-registry'

import { bodyWithin, tooLarge } from './request-body'

/** Start's limit on a GET payload, also applied to POST bodies; Folio's inputs are far smaller. */
export const MAX_PAYLOAD_BYTES = 1_000_000

const refusal = (status: 400 | 404 | 415, code: string) => Response.json({ code }, { status })

/**
 * A 404 for a server function that does not exist, or undefined. Start looks the id up in a plain
 * object, where `constructor` or `toString` would be found too; an id spelled with escapes counts
 * as unknown.
 */
export function unknownServerFunction(request: Request): Response | undefined {
  return serverFunctionOf(request) ? undefined : refusal(404, 'NOT_FOUND')
}

/** The id of the existing server function a request calls, such as `book--getBooks`, or undefined. */
export function serverFunctionOf(request: Request): string | undefined {
  const { pathname } = new URL(request.url)
  const prefix = `${appConfig.serverFnBase}/`
  // The id as Start takes it: the path's next segment.
  const id = pathname.startsWith(prefix) ? pathname.slice(prefix.length).split('/')[0] : undefined
  return id !== undefined && Object.hasOwn(serverFunctions, id) ? id : undefined
}

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
