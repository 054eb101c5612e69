import '@tanstack/react-start/server-only'

/**
 * A request's body as text, read from a clone so the handler can still read it, but only up to
 * `maxBytes`: past that (announced by Content-Length or met while reading, chunked bodies
 * included) it answers 'too large' and stops reading.
 */
export async function bodyWithin(request: Request, maxBytes: number): Promise<string | 'too large'> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return 'too large'
  const reader = request.clone().body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // Not awaited: a cloned body's cancel settles only once the handler has read the other half.
      void reader.cancel()
      return 'too large'
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/**
 * 413, with the connection closed after it: the rest of the body is never read, so the socket
 * cannot carry another request (a client reusing it would meet a reset).
 */
export const tooLarge = () =>
  Response.json({ code: 'PAYLOAD_TOO_LARGE' }, { status: 413, headers: { Connection: 'close' } })
