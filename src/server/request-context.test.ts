import { describe, expect, it } from 'vitest'

import { oncePerRequest, withRequestContext } from './request-context'

describe('oncePerRequest', () => {
  it('works once per request and key, and again in the next request or outside one', async () => {
    let runs = 0
    const work = () => Promise.resolve(++runs)
    await withRequestContext('request-1', async () => {
      expect(await Promise.all([oncePerRequest('a', work), oncePerRequest('a', work)])).toEqual([1, 1])
      expect(await oncePerRequest('b', work)).toBe(2)
    })
    await withRequestContext('request-2', async () => expect(await oncePerRequest('a', work)).toBe(3))
    expect(await oncePerRequest('a', work)).toBe(4)
    expect(await oncePerRequest('a', work)).toBe(5)
  })

  it('shares a failure within the request', async () => {
    let runs = 0
    const failing = () => Promise.reject(new Error(`failed ${++runs}`))
    await withRequestContext('request-3', async () => {
      await expect(oncePerRequest('x', failing)).rejects.toThrow('failed 1')
      await expect(oncePerRequest('x', failing)).rejects.toThrow('failed 1')
    })
  })
})
