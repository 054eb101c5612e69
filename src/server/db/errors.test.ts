import { describe, expect, it } from 'vitest'

import { isDatabaseUnavailable } from './errors'

describe('a database that cannot be reached', () => {
  it('is told by the socket’s, the driver’s or PostgreSQL’s code, however deeply wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(isDatabaseUnavailable(new Error('query failed', { cause: { code: 'CONNECTION_CLOSED' } }))).toBe(
      true,
    )
    expect(
      isDatabaseUnavailable(new Error('a', { cause: new Error('b', { cause: { code: '57P01' } }) })),
    ).toBe(true)
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true)
  })

  it('is not any other failure', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
