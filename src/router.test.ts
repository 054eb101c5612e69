import { describe, expect, it } from 'vitest'

import { appConfig } from '@/app.config'
import { HttpError } from '~/lib/http-error'

import { createQueryClient, routerDefaults } from './router'

describe('the router and the query client', () => {
  const queries = createQueryClient().getDefaultOptions().queries

  it('preload on intent after 50 ms within 100 px, show the frame after 50 ms, restore scroll', () => {
    expect(routerDefaults).toMatchObject({
      defaultPreload: 'intent',
      defaultPreloadDelay: 50,
      defaultPreloadIntentProximity: 100,
      defaultPendingMs: 50,
      defaultPendingMinMs: 0,
      defaultGcTime: 5 * 60 * 1000,
      scrollRestoration: true,
    })
    expect(routerDefaults.defaultPendingComponent).toBeDefined()
  })

  it('retry failed queries 3 times, 1 s doubling up to 30 s, keep them 5 minutes, never retry a refusal', () => {
    const retry = queries?.retry as (count: number, error: unknown) => boolean
    const delay = queries?.retryDelay as (attempt: number) => number
    expect([0, 1, 2, 3].map((count) => retry(count, new Error('network')))).toEqual([true, true, true, false])
    expect(retry(0, new HttpError(403, 'FORBIDDEN'))).toBe(false)
    expect(retry(0, new HttpError(500, 'UNKNOWN_ERROR'))).toBe(true)
    expect([0, 1, 2, 5, 10].map(delay)).toEqual([1000, 2000, 4000, 30_000, 30_000])
    expect(queries?.gcTime).toBe(appConfig.router.gcTimeMs)
  })
})
