import { describe, expect, it } from 'vitest'

import { PerBookVersion } from './per-book-version'

/** Readings that finish when told to: `started` counts them, `finish(n)` ends the n-th. */
function reading<Value>() {
  const started: { resolve: (value: Value) => void; reject: (error: Error) => void }[] = []
  const read = () => new Promise<Value>((resolve, reject) => started.push({ resolve, reject }))
  const nth = (index: number) => {
    const found = started[index]
    if (!found) throw new Error(`Reading ${index} never started (${started.length} did)`)
    return found
  }
  return {
    read,
    started,
    finish: (index: number, value: Value) => nth(index).resolve(value),
    fail: (index: number, error: Error) => nth(index).reject(error),
  }
}

describe('PerBookVersion', () => {
  it('reads a value once for the requests that ask while it is read, and keeps it for that version', async () => {
    const cache = new PerBookVersion<number>(10)
    const { read, started, finish } = reading<number>()
    const asked = [cache.load('the', 7, read), cache.load('the', 7, read), cache.load('the', 7, read)]
    expect(started).toHaveLength(1)
    finish(0, 42)
    expect(await Promise.all(asked)).toEqual([42, 42, 42])
    expect(await cache.load('the', 7, read)).toBe(42)
    expect(started).toHaveLength(1)
  })

  it('reads again at a new version, and a request from before the change does not push it out', async () => {
    const cache = new PerBookVersion<string>(10)
    const { read, started, finish } = reading<string>()
    const first = cache.load('night', 1, read)
    finish(0, 'before')
    await first
    const second = cache.load('night', 2, read)
    finish(1, 'after')
    expect(await second).toBe('after')
    // A request that read version 1 before the change reads for itself, keeping nothing.
    const late = cache.load('night', 1, read)
    finish(2, 'late')
    expect(await late).toBe('late')
    expect(await cache.load('night', 2, read)).toBe('after')
    expect(started).toHaveLength(3)
  })

  it('keeps no failed reading, even one that throws at once: the next request reads again', async () => {
    const cache = new PerBookVersion<number>(10)
    const thrown = cache.load('y', 1, () => {
      throw new Error('bad term')
    })
    await expect(thrown).rejects.toThrow('bad term')
    expect(await cache.load('y', 1, () => Promise.resolve(5))).toBe(5)
  })

  it('keeps no failed reading: the next request reads again', async () => {
    const cache = new PerBookVersion<number>(10)
    const { read, finish, fail } = reading<number>()
    const failed = cache.load('x', 1, read)
    fail(0, new Error('connection lost'))
    await expect(failed).rejects.toThrow('connection lost')
    const retried = cache.load('x', 1, read)
    finish(1, 3)
    expect(await retried).toBe(3)
  })

  it('keeps at most its size, dropping the oldest first', async () => {
    const cache = new PerBookVersion<string>(2)
    let reads = 0
    const read = (value: string) => () => {
      reads++
      return Promise.resolve(value)
    }
    await cache.load('a', 1, read('a'))
    await cache.load('b', 1, read('b'))
    await cache.load('c', 1, read('c'))
    expect(reads).toBe(3)
    await cache.load('c', 1, read('c'))
    await cache.load('b', 1, read('b'))
    expect(reads).toBe(3)
    await cache.load('a', 1, read('a'))
    expect(reads).toBe(4)
  })
})
