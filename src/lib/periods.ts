import { z } from 'zod/mini'

/** The periods lists and the dashboard look back over: the last 7, 30 or 90 days. */
export const periods = { '7d': 7, '30d': 30, '90d': 90 } as const
export type Period = keyof typeof periods

export const zPeriod = z.enum(Object.keys(periods) as [Period])

/** A period's days, for a value already checked by `zPeriod` (a filter's value is a string). */
export const daysOf = (period: string) => periods[period as Period]
