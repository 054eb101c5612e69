import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

import { compressionStream, compressResponse, preferredEncoding } from './compression'

const page = `<!doctype html><html><body>${'<p>Folio</p>'.repeat(500)}</body></html>`
const request = (acceptEncoding: string | null, method = 'GET') =>
  new Request('http://localhost/login', {
    method,
    headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
  })
const html = (body: BodyInit | null = page, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

describe('compression', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(preferredEncoding('BR;q=0.5')).toBe('br')
    expect(preferredEncoding('deflate, identity')).toBeUndefined()
    expect(preferredEncoding(null)).toBeUndefined()
  })

  it('compresses a page in the encoding asked for, keeping status, headers and cookies', async () => {
    const original = html(page, { 'content-length': String(page.length) })
    original.headers.append('set-cookie', 'a=1; Path=/')
    original.headers.append('set-cookie', 'b=2; Path=/')
    const brotli = compressResponse(request('gzip, br'), original)
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('content-length')).toBeNull()
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding')
    expect(brotli.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    const compressed = Buffer.from(await brotli.arrayBuffer())
    expect(compressed.length).toBeLessThan(page.length / 10)
    expect(brotliDecompressSync(compressed).toString()).toBe(page)

    const gzip = compressResponse(
      request('gzip'),
      new Response(page, { status: 404, headers: html().headers }),
    )
    expect(gzip.status).toBe(404)
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page)
  })

  it('leaves alone what is small, already encoded, not text, bodiless, or not to be transformed', () => {
    const unchanged = [
      html('<p>short</p>', { 'content-length': '12' }),
      html(page, { 'content-encoding': 'gzip' }),
      new Response(page, { headers: { 'content-type': 'image/png' } }),
      new Response(null, { status: 304, headers: { 'content-type': 'text/html' } }),
      html(page, { 'cache-control': 'no-transform' }),
    ]
    for (const response of unchanged) expect(compressResponse(request('br'), response)).toBe(response)
    const head = html()
    expect(compressResponse(request('br', 'HEAD'), head)).toBe(head)
  })

  it('says it varies with Accept-Encoding even to a client that takes no encoding', async () => {
    const response = compressResponse(request(null), html())
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(await response.text()).toBe(page)
  })

  it('passes each part of a streamed page on before the next one is written', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const decompress = encoding === 'br' ? brotliDecompressSync : gunzipSync
      // Decodes what has come so far, without asking for the end of the stream.
      const decompressPart = (data: Uint8Array) =>
        encoding === 'br'
          ? brotliDecompressSync(data, { finishFlush: constants.BROTLI_OPERATION_FLUSH })
          : gunzipSync(data, { finishFlush: constants.Z_SYNC_FLUSH })
      const { readable, writable } = compressionStream(encoding)
      const writer = writable.getWriter()
      const reader = readable.getReader()
      void writer.write(new TextEncoder().encode('<html><body>the shell'))
      // With the stream still open, the output so far decodes to the whole first part. Without the
      // flush this would wait for the end and time out.
      const parts: Uint8Array[] = []
      while (decompressPart(Buffer.concat(parts)).toString() !== '<html><body>the shell') {
        const next = await reader.read()
        if (next.done) throw new Error('the stream ended early')
        parts.push(next.value)
      }
      void writer.write(new TextEncoder().encode('<script>deferred data</script></body></html>'))
      void writer.close()
      for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value)
      expect(decompress(Buffer.concat(parts)).toString()).toBe(
        '<html><body>the shell<script>deferred data</script></body></html>',
      )
    }
  })

  it('stops quietly when the browser goes away in the middle of a page', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      let parts = 0
      const page = new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new TextEncoder().encode(`<p>${parts++}</p>`.repeat(5000))),
      })
      const reader = page.pipeThrough(compressionStream(encoding)).getReader()
      await reader.read()
      // An error thrown after this (from zlib's events) would fail the test run.
      await reader.cancel('the browser went away')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(parts).toBeLessThan(10)
    }
  })

  it('throws nothing when the browser goes away while the last part is being compressed', async () => {
    for (const encoding of ['br', 'gzip'] as const)
      // Try leaving at every moment of the last part's compression.
      for (let moment = 0; moment < 40; moment++) {
        const { readable, writable } = compressionStream(encoding)
        const writer = writable.getWriter()
        const reader = readable.getReader()
        void reader
          .read()
          .then(() => reader.read())
          .catch(() => {})
        void writer.write(new TextEncoder().encode(`<p>${moment}</p>`.repeat(2000))).catch(() => {})
        void writer.close().catch(() => {})
        for (let turn = 0; turn < moment % 20; turn++) await new Promise((resolve) => setImmediate(resolve))
        // An error thrown after this (from zlib's events) would fail the test run.
        void reader.cancel('the browser went away').catch(() => {})
      }
    await new Promise((resolve) => setTimeout(resolve, 100))
  })
})
