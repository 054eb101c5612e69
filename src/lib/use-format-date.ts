import { useHydrated } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * Dates and times in the reader's language and time zone, e.g. '22 Nov 2026, 14:05'. The server
 * knows no reader's zone: it writes UTC, and so does hydration, which must render what the server
 * sent; the reader's own zone follows as soon as the page runs.
 */
export function useFormatDate() {
  const { i18n } = useTranslation()
  const timeZone = useHydrated() ? undefined : 'UTC'
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return (date: Date | string) => format.format(new Date(date))
}
