import { useHydrated } from '@tanstack/react-router'
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
