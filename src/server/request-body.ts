import '@tanstack/react-start/server-only'

/**
 * Reads a request's body from a clone, so the handler can still read it. Past `maxBytes`, whether
 * announced or found while reading, it returns 'too large' and stops.
 */
export async function bytesWithin(request: Request, maxBytes: number): Promise<Uint8Array | 'too large'> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return 'too large'
  const reader = request.clone().body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // Not awaited, because a cloned body's cancel settles only after the handler reads the other copy.
      void reader.cancel()
      return 'too large'
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** The same, as text. */
export async function bodyWithin(request: Request, maxBytes: number): Promise<string | 'too large'> {
  const body = await bytesWithin(request, maxBytes)
  return body === 'too large' ? body : new TextDecoder().decode(body)
}

/**
 * A 413 that closes the connection, because the unread rest of the body makes the socket unusable
 * for another request.
 */
export const tooLarge = () =>
  Response.json({ code: 'PAYLOAD_TOO_LARGE' }, { status: 413, headers: { Connection: 'close' } })
