/** How values are written into translated texts. */

/**
 * Wraps text in Unicode isolates (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE): the text takes
 * the direction of its first letter and cannot reorder the sentence around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`
}

const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(lng: string | undefined): Intl.NumberFormat {
  const key = lng ?? ''
  let found = numberFormats.get(key)
  if (!found) {
    found = new Intl.NumberFormat(lng)
    numberFormats.set(key, found)
  }
  return found
}

/**
 * i18next's formatter for the pages (with `interpolation.alwaysFormat`, so every value comes here).
 * `{{count, number}}` is written as a number of the language, the one format texts use. Any other
 * text is isolated, because such values are mostly what people typed (titles, names, e-mails,
 * search terms), and a title like "(1984)!" would otherwise be reordered by an Arabic sentence.
 */
export const valueFormatter = {
  type: 'formatter',
  format(value: unknown, format: string | undefined, lng: string | undefined): unknown {
    if (format === 'number') return numberFormat(lng).format(Number(value))
    return typeof value === 'string' ? isolate(value) : value
  },
} as const
