/**
 * Pages rendered a few at a time, in the order they were asked for. A page that waits for the
 * database is rendered in many turns of the event loop, and a saturated server runs whichever
 * turn is ready next, a newer request's as readily as an older one's: with 50 in flight, an early
 * one is overtaken again and again (`/app/books` at 50 connections: p99 5 to 7 times the median;
 * with 4 slots, under 3). Admitted a few at a time, a render once started finishes before later
 * ones overtake it, and the waiting happens here, first come, first served. More slots let
 * renders overtake each other again (16 on 2 cores: 3.4 times); server functions and better-auth
 * were slower in the queue, so they stay out of it (bench/README.md).
 *
 * Hand-written rather than p-queue or p-limit: a slot must stay taken until the answer's body is
 * done, not only until a function returns, and p-queue frees a running task's slot as soon as its
 * signal aborts, while the render goes on.
 */
import '@tanstack/react-start/server-only'

import { availableParallelism } from 'node:os'

import { serverEnv } from './env'
import { processWide } from './process-wide'
import { createSlots } from './slots'

/** What a request middleware's `next()` gives back: at least the answer. */
type Rendered = { response: Response }

export type RenderQueue = {
  /**
   * Runs `render` once a slot is free, in arrival order, and keeps the slot until the answer's
   * body has been read to its end or cancelled (at once when it has none), or `render` failed. A
   * request aborted while it waits leaves the queue without rendering: this rejects with the
   * signal's reason.
   */
  admit: <T extends Rendered>(signal: AbortSignal, render: () => T | Promise<T>) => Promise<T>
  /** Renders holding a slot, and requests waiting for one. */
  readonly running: number
  readonly waiting: number
}

export function createRenderQueue(slots: number): RenderQueue {
  const queue = createSlots(slots)
  return {
    async admit(signal, render) {
      await queue.enter(signal)
      let released = false
      const release = () => {
        if (!released) queue.leave()
        released = true
      }
      try {
        const result = await render()
        return { ...result, response: releasedAfterBody(result.response, release) }
      } catch (error) {
        release()
        throw error
      }
    },
    get running() {
      return queue.running
    },
    get waiting() {
      return queue.waiting
    },
  }
}

/** The answer with a body that calls `release` once it is read to its end, fails or is cancelled. */
function releasedAfterBody(response: Response, release: () => void): Response {
  const source = response.body
  if (!source) {
    release()
    return response
  }
  const reader = source.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          release()
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        release()
        controller.error(error)
      }
    },
    cancel(reason) {
      release()
      return reader.cancel(reason)
    },
  })
  const { status, statusText, headers } = response
  return new Response(body, { status, statusText, headers })
}

/** The slots when `RENDER_SLOTS` is not set, for each core the process may use. */
export const SLOTS_PER_CORE = 2

// Filled by the requests, read by the metrics of METRICS_PORT, which the start-up plugin serves.
const shared = processWide('renderQueue', (): { queue?: RenderQueue } => ({}))

/** This process's queue, sized by `RENDER_SLOTS` or else by its cores. */
export function renderQueue(): RenderQueue {
  shared.queue ??= createRenderQueue(serverEnv().RENDER_SLOTS ?? availableParallelism() * SLOTS_PER_CORE)
  return shared.queue
}

/**
 * What waits in the queue: pages (GET through the router), not the API (better-auth, health, the
 * server functions under `/api/fn`, uploads), locale files, uploaded files (`/media/`), metrics
 * or built assets, nor a page the page cache answers (its middleware comes before this one).
 */
export const rendersPage = (request: Request, handlerType: 'serverFn' | 'router') =>
  request.method === 'GET' &&
  handlerType === 'router' &&
  !/^\/((api|locales|media)\/|metrics$)/.test(new URL(request.url).pathname)
