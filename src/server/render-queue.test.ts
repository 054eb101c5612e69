import { describe, expect, it } from 'vitest'

import { createRenderQueue, rendersPage } from './render-queue'

/** A render that waits until the test lets it answer (with a body, or none), or fail. */
function heldRender(started: string[], name: string) {
  let answer: (body: BodyInit | null) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const render = () => {
    started.push(name)
    return new Promise<{ response: Response }>((resolve, reject) => {
      answer = (body) => resolve({ response: new Response(body) })
      fail = reject
    })
  }
  return { render, answer: (body: BodyInit | null) => answer(body), fail: (error: Error) => fail(error) }
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

const signal = () => new AbortController().signal

/** A body that gives one part, then waits for the test to end it or to make it fail. */
function openBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
      streamController.enqueue(new TextEncoder().encode('<html>'))
    },
  })
  return { stream, end: () => controller?.close(), fail: (error: Error) => controller?.error(error) }
}

describe('createRenderQueue', () => {
  it('runs no more renders than its slots, and the others in the order they came', async () => {
    const queue = createRenderQueue(2)
    const started: string[] = []
    const renders = ['a', 'b', 'c', 'd', 'e'].map((name) => heldRender(started, name))
    const answers = renders.map(({ render }) => queue.admit(signal(), render))
    await settle()
    expect(started).toEqual(['a', 'b'])
    expect([queue.running, queue.waiting]).toEqual([2, 3])
    renders[1]!.answer(null)
    await settle()
    expect(started).toEqual(['a', 'b', 'c'])
    renders[0]!.answer(null)
    renders[2]!.answer(null)
    await settle()
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e'])
    for (const { answer } of renders.slice(3)) answer(null)
    await Promise.all(answers)
    expect([queue.running, queue.waiting]).toEqual([0, 0])
  })

  it('frees the slot when the render fails, and passes the error on', async () => {
    const queue = createRenderQueue(1)
    const started: string[] = []
    const [failing, next] = [heldRender(started, 'failing'), heldRender(started, 'next')]
    const failed = queue.admit(signal(), failing.render)
    const after = queue.admit(signal(), next.render)
    await settle()
    failing.fail(new Error('database down'))
    await expect(failed).rejects.toThrow('database down')
    await settle()
    expect(started).toEqual(['failing', 'next'])
    next.answer(null)
    await after
    expect(queue.running).toBe(0)
  })

  it('keeps the slot until the body is read to its end', async () => {
    const queue = createRenderQueue(1)
    const started: string[] = []
    const [page, next] = [heldRender(started, 'page'), heldRender(started, 'next')]
    const answered = queue.admit(signal(), page.render)
    void queue.admit(signal(), next.render)
    await settle()
    const body = openBody()
    page.answer(body.stream)
    const reader = (await answered).response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<html>')
    await settle()
    expect(started).toEqual(['page'])
    body.end()
    expect((await reader.read()).done).toBe(true)
    await settle()
    expect(started).toEqual(['page', 'next'])
  })

  it('frees the slot when the body fails', async () => {
    const queue = createRenderQueue(1)
    const started: string[] = []
    const page = heldRender(started, 'page')
    const answered = queue.admit(signal(), page.render)
    await settle()
    const body = openBody()
    page.answer(body.stream)
    const reader = (await answered).response.body!.getReader()
    await reader.read()
    body.fail(new Error('render failed'))
    await expect(reader.read()).rejects.toThrow('render failed')
    expect(queue.running).toBe(0)
  })

  it('frees the slot when the body is cancelled (the client went away), and cancels the render', async () => {
    const queue = createRenderQueue(1)
    const started: string[] = []
    const page = heldRender(started, 'page')
    const answered = queue.admit(signal(), page.render)
    await settle()
    let cancelled: unknown
    const stream = new ReadableStream<Uint8Array>({ cancel: (reason) => void (cancelled = reason) })
    page.answer(stream)
    await (await answered).response.body!.cancel('gone')
    expect(cancelled).toBe('gone')
    expect(queue.running).toBe(0)
  })

  it('frees the slot at once for an answer without a body, and keeps its status and headers', async () => {
    const queue = createRenderQueue(1)
    const redirect = new Response(null, { status: 307, headers: { location: '/login' } })
    const { response } = await queue.admit(signal(), async () => ({ response: redirect }))
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/login')
    expect(queue.running).toBe(0)
  })

  it('lets a request aborted while it waits leave the queue without rendering', async () => {
    const queue = createRenderQueue(1)
    const started: string[] = []
    const [first, gone, last] = ['first', 'gone', 'last'].map((name) => heldRender(started, name))
    const leaving = new AbortController()
    void queue.admit(signal(), first!.render)
    const abandoned = queue.admit(leaving.signal, gone!.render)
    const lastAnswer = queue.admit(signal(), last!.render)
    await settle()
    leaving.abort(new Error('client closed'))
    await expect(abandoned).rejects.toThrow('client closed')
    expect(queue.waiting).toBe(1)
    first!.answer(null)
    await settle()
    expect(started).toEqual(['first', 'last'])
    last!.answer(null)
    await lastAnswer
    expect([queue.running, queue.waiting]).toEqual([0, 0])
  })

  it('does not render a request already aborted', async () => {
    const queue = createRenderQueue(1)
    const started: string[] = []
    const { render } = heldRender(started, 'page')
    await expect(queue.admit(AbortSignal.abort(new Error('gone')), render)).rejects.toThrow('gone')
    expect(started).toEqual([])
    expect(queue.running).toBe(0)
  })
})

describe('rendersPage', () => {
  const request = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method })

  it('queues pages, not the API, server functions, locale or uploaded files, or anything but GET', () => {
    expect(rendersPage(request('/app/books?page=2'), 'router')).toBe(true)
    expect(rendersPage(request('/login'), 'router')).toBe(true)
    expect(rendersPage(request('/api/auth/get-session'), 'router')).toBe(false)
    expect(rendersPage(request('/api/health/ready'), 'router')).toBe(false)
    expect(rendersPage(request('/metrics'), 'router')).toBe(false)
    expect(rendersPage(request('/locales/en/common.json'), 'router')).toBe(false)
    expect(rendersPage(request('/media/book/b1/0123456789abcdef-96.webp'), 'router')).toBe(false)
    expect(rendersPage(request('/api/fn/book--getBooks'), 'serverFn')).toBe(false)
    expect(rendersPage(request('/login', 'POST'), 'router')).toBe(false)
    expect(rendersPage(request('/login', 'HEAD'), 'router')).toBe(false)
  })
})
