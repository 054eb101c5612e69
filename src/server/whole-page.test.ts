import { describe, expect, it } from 'vitest'

import { wholePage } from './whole-page'

const streamOf = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
      controller.close()
    },
  })

describe('wholePage', () => {
  it('turns a page streamed in parts into one piece with its length, status and headers kept', async () => {
    const parts = ['<!DOCTYPE html><html>', '<body>é', '</body></html>']
    const streamed = new Response(streamOf(parts), {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', 'x-request-id': 'abc' },
    })
    const whole = await wholePage(streamed)
    const text = parts.join('')
    expect(whole.status).toBe(404)
    expect(whole.headers.get('x-request-id')).toBe('abc')
    expect(whole.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength))
    const reader = whole.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe(text)
    expect((await reader.read()).done).toBe(true)
  })

  it('leaves anything but a page as it is: a server function’s answer, an answer without a body', async () => {
    const json = new Response(streamOf(['{"a":', '1}']), { headers: { 'content-type': 'application/json' } })
    expect(await wholePage(json)).toBe(json)
    const empty = new Response(null, { status: 304, headers: { 'content-type': 'text/html' } })
    expect(await wholePage(empty)).toBe(empty)
  })
})
