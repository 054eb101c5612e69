import { getRouteApi, useHydrated } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Formats dates in the reader's language and time zone. The server does not know the zone, so it
 * and hydration use UTC, and the reader's zone applies right after.
 */
export function useFormatDate() {
  const { i18n } = useTranslation()
  const timeZone = useHydrated() ? undefined : 'UTC'
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return (date: Date | string) => format.format(new Date(date))
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** The units a relative time is said in, largest first, each with its length. */
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', 60 * MINUTE],
  ['minute', MINUTE],
]

/**
 * How far `date` is from `now` in the largest unit it fills ('2 minutes ago', 'yesterday', 'in 3
 * days'), and 'now' within a minute, since the clock it is read against moves by minutes.
 */
export function formatRelative(format: Intl.RelativeTimeFormat, date: Date | string, now: number) {
  const elapsed = new Date(date).getTime() - now
  const found = UNITS.find(([, length]) => Math.abs(elapsed) >= length)
  return found ? format.format(Math.trunc(elapsed / found[1]), found[0]) : format.format(0, 'second')
}

/** The clock relative times are read against: one timer for the page, running while any is shown. */
const clock = {
  now: 0,
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
}

function subscribe(listener: () => void) {
  clock.listeners.add(listener)
  clock.timer ??= setInterval(() => {
    clock.now = Date.now()
    for (const notify of clock.listeners) notify()
  }, MINUTE)
  return () => {
    clock.listeners.delete(listener)
    if (clock.listeners.size > 0) return
    clearInterval(clock.timer)
    clock.timer = undefined
  }
}

/** Now, at most a minute old, and the same on every read within that minute, as React requires. */
function readClock() {
  if (Date.now() - clock.now >= MINUTE) clock.now = Date.now()
  return clock.now
}

const rootRoute = getRouteApi('__root__')

/**
 * Formats dates relative to now in the page's language, kept current every minute. The server
 * tells them against when it loaded the page's data, a time the page carries to the browser (the
 * root match's `updatedAt`), so hydration renders the same text; the browser's clock takes over
 * right after.
 */
export function useFormatRelative() {
  const { i18n } = useTranslation()
  const loadedAt = rootRoute.useMatch({ select: (match) => match.updatedAt })
  const now = useSyncExternalStore(subscribe, readClock, () => loadedAt)
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' })
  return (date: Date | string) => formatRelative(format, date, now)
}
