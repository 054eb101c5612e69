import type { APIRequestContext } from '@playwright/test'
import { fromCrossJSON, toJSONAsync } from 'seroval'

import { appConfig } from '@/app.config'

import { harness } from './harness-config'

/** A server function's payload as sent: seroval's JSON encoding of `{ data }`. */
export const serverFnPayload = async (data: unknown) => JSON.stringify(await toJSONAsync({ data }))

/** A server function's path, with the payload in the query string as a GET sends it. */
export const serverFnGetPath = async (fn: string, data: unknown) =>
  `${appConfig.serverFnBase}/${fn}?payload=${encodeURIComponent(await serverFnPayload(data))}`

/** The headers of the browser client's same-site POST to a server function on `origin`. */
export const serverFnPostHeaders = (origin: string) => ({
  'x-tsr-serverFn': 'true',
  accept: 'application/json',
  origin,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
})

/**
 * Calls a server function over HTTP exactly as TanStack Start's browser client does: GET puts the
 * seroval-encoded payload in `?payload=`, POST sends it as a same-origin JSON body.
 */
export async function callServerFn(
  request: APIRequestContext,
  fn: string,
  method: 'GET' | 'POST',
  data?: unknown,
  /** A server other than the harness's, such as one from `startAppServer`. */
  baseUrl?: string,
) {
  const payload = data === undefined ? undefined : await serverFnPayload(data)
  const url = `${baseUrl ?? ''}${appConfig.serverFnBase}/${fn}`
  const headers = { 'x-tsr-serverFn': 'true', accept: 'application/json' }
  if (method === 'GET')
    return request.get(payload ? `${url}?payload=${encodeURIComponent(payload)}` : url, { headers })
  return request.post(url, { headers: serverFnPostHeaders(baseUrl ?? harness.baseUrl), data: payload })
}

/** A successful server function's result, decoded from the `{ result }` envelope in seroval's JSON. */
export async function resultOf<T>(response: { text: () => Promise<string> }): Promise<T> {
  const envelope = fromCrossJSON(JSON.parse(await response.text()), { refs: new Map() }) as { result: T }
  return envelope.result
}

/**
 * A same-site POST to a server function on `baseUrl` whose body stops halfway until `finish()`:
 * a request in flight, for what a server does to it while stopping.
 */
export async function halfSentServerFnCall(baseUrl: string, fn: string, cookie: string, data: unknown) {
  const body = await serverFnPayload(data)
  const half = Math.floor(body.length / 2)
  let finish: () => void = () => {}
  const rest = new Promise<void>((resolve) => (finish = resolve))
  const slowBody = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(body.slice(0, half)))
      await rest
      controller.enqueue(new TextEncoder().encode(body.slice(half)))
      controller.close()
    },
  })
  const answer = fetch(`${baseUrl}${appConfig.serverFnBase}/${fn}`, {
    method: 'POST',
    headers: { cookie, ...serverFnPostHeaders(baseUrl) },
    body: slowBody,
    duplex: 'half',
  } as RequestInit)
  return { answer, finish }
}
