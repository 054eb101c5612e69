import { useFormatDate, useFormatRelative } from '~/lib/use-format-date'

/**
 * A date told relative to now ('2 minutes ago', 'yesterday'), with its exact date and time as its
 * title: shown on hover, and read by screen readers as its description. `phrase` sets the relative
 * time in a text of its own, such as 'active 2 minutes ago'.
 */
export function RelativeTime({
  date,
  phrase = (relative) => relative,
  className,
}: {
  date: Date | string
  phrase?: (relative: string) => string
  className?: string
}) {
  const formatDate = useFormatDate()
  const formatRelative = useFormatRelative()
  return (
    <time dateTime={new Date(date).toISOString()} title={formatDate(date)} className={className}>
      {phrase(formatRelative(date))}
    </time>
  )
}
