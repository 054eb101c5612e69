import { describe, expect, it } from 'vitest'

import { formatRelative } from './use-format-date'

const now = Date.parse('2026-11-28T12:00:00Z')
const ago = (ms: number) => new Date(now - ms)
const minute = 60_000
const day = 24 * 60 * minute

describe('a time relative to now', () => {
  const en = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

  it.each([
    ['20 s ago', -20_000, 'now'],
    ['in 20 s', 20_000, 'now'],
    ['2 min 50 s ago', -(2 * minute + 50_000), '2 minutes ago'],
    ['3 h ago', -3 * 60 * minute, '3 hours ago'],
    ['25 h ago', -(day + 60 * minute), 'yesterday'],
    ['3 days ago', -3 * day, '3 days ago'],
    ['15 days ago', -15 * day, '2 weeks ago'],
    ['70 days ago', -70 * day, '2 months ago'],
    ['800 days ago', -800 * day, '2 years ago'],
    ['in 3 days', 3 * day, 'in 3 days'],
  ])('is said in the largest unit it fills: %s is %j', (_, offset, said) => {
    expect(formatRelative(en, new Date(now + offset), now)).toBe(said)
  })

  it("is said in the page's language, from a date or its text", () => {
    const date = ago(2 * minute).toISOString()
    expect(formatRelative(new Intl.RelativeTimeFormat('fr', { numeric: 'auto' }), date, now)).toBe(
      'il y a 2 minutes',
    )
    expect(formatRelative(new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }), ago(day), now)).toBe('أمس')
  })
})
