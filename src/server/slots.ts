/**
 * A few slots for costly work, handed out in the order they were asked for. A caller whose
 * request is aborted while it waits leaves the line. The render queue and image processing use it.
 */
import '@tanstack/react-start/server-only'

export type Slots = {
  /** Waits for a free slot and takes it; rejects with the signal's reason if it aborts first. */
  enter: (signal?: AbortSignal) => Promise<void>
  /** Gives a slot back to the next in line. */
  leave: () => void
  /** Work holding a slot, and callers waiting for one. */
  readonly running: number
  readonly waiting: number
}

export function createSlots(slots: number): Slots {
  let running = 0
  /** Who waits for a slot, first come first: each takes the slot it is handed. */
  const waiting: Array<() => void> = []

  return {
    enter: (signal) =>
      new Promise<void>((resolve, reject) => {
        signal?.throwIfAborted()
        if (running < slots) {
          running++
          return resolve()
        }
        const start = () => {
          signal?.removeEventListener('abort', leaveLine)
          running++
          resolve()
        }
        const leaveLine = () => {
          waiting.splice(waiting.indexOf(start), 1)
          reject(signal?.reason)
        }
        waiting.push(start)
        signal?.addEventListener('abort', leaveLine, { once: true })
      }),
    leave() {
      running--
      waiting.shift()?.()
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}
