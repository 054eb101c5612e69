import { useTranslation } from 'react-i18next'

/** Dates and times in the reader's language, e.g. '22 Nov 2026, 14:05'. */
export function useFormatDate() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (date: Date | string) => format.format(new Date(date))
}
