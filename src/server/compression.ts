import '@tanstack/react-start/server-only'

import { constants, createBrotliCompress, createGzip } from 'node:zlib'

/**
 * Compresses answers made per request; built assets are compressed at build time. Pages hold no
 * secret (the session token stays in its cookie), so compression gives a BREACH attack nothing.
 */
export type Encoding = 'br' | 'gzip'

/** Types worth compressing; images, fonts and archives are compressed already. */
const compressible = /^(text\/|application\/(json|javascript|xml|x-ndjson)\b|image\/svg\+xml)/

/** Below this size compression costs more than it saves. */
const minBytes = 1024

/** Fast enough for every page; brotli's default of 11 is meant for build time. */
const brotliQuality = 4

/** The best encoding the client accepts, brotli before gzip; `q=0` refuses one. */
export function preferredEncoding(acceptEncoding: string | null): Encoding | undefined {
  const weights = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = params.find((param) => param.startsWith('q='))
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)))
  }
  return (['br', 'gzip'] as const).find((encoding) => (weights.get(encoding) ?? 0) > 0)
}

/**
 * A compressing stream that flushes each part at once, so a streamed answer still arrives part by
 * part. A page comes in one part, so it is compressed in one go.
 */
export function compressionStream(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const zip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
      : createGzip()
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH
  // `cancel` (the browser went away) is standard but missing from TypeScript's DOM types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel: () => void } = {
    start(controller) {
      // zlib emits its output before it calls back the write or flush that produced it.
      zip.on('data', (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk))
        } catch {
          // The browser left during the last part, so the stream is closed and `cancel` is not
          // called. Throwing here would crash the process.
          zip.destroy()
        }
      })
      zip.on('error', (error) => controller.error(error))
    },
    transform: (chunk) =>
      new Promise<void>((resolve, reject) =>
        zip.write(chunk, (error) => (error ? reject(error) : zip.flush(flushKind, () => resolve()))),
      ),
    flush: () =>
      new Promise<void>((resolve, reject) => {
        zip.once('end', resolve)
        zip.once('close', resolve)
        zip.once('error', reject)
        zip.end()
      }),
    cancel: () => zip.destroy(),
  }
  return new TransformStream(transformer)
}

/** The answer in the best encoding the request accepts, or unchanged. */
export function compressResponse(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  const length = response.headers.get('content-length')
  if (
    !response.body ||
    request.method === 'HEAD' ||
    !compressible.test(type) ||
    response.headers.has('content-encoding') ||
    response.headers.get('cache-control')?.includes('no-transform') ||
    (length !== null && Number(length) < minBytes)
  )
    return response
  const headers = new Headers(response.headers)
  headers.append('Vary', 'Accept-Encoding')
  const encoding = preferredEncoding(request.headers.get('accept-encoding'))
  if (encoding) {
    headers.set('Content-Encoding', encoding)
    headers.delete('Content-Length')
  }
  const body = encoding ? response.body.pipeThrough(compressionStream(encoding)) : response.body
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
