/**
 * How many rows each list page showed last (at most its first page) and how tall they were, kept in
 * the browser by path, so that its loading frame stands in with as many rows of that height and the
 * page does not jump when the list arrives, in a later visit too.
 */
// An index route's match has a trailing slash; the address shown has none.
const key = (path: string) => `list-length:${path.replace(/\/+$/, '')}`

export interface ListLength {
  rows: number
  /** In CSS pixels. */
  rowHeight: number
}

/** Before a list has been seen in this browser, a few rows of a usual height. */
const unknown: ListLength = { rows: 5, rowHeight: 53 }

export function rememberListLength(path: string, length: ListLength) {
  try {
    localStorage.setItem(key(path), JSON.stringify(length))
  } catch {
    // Storage may be refused (private modes, quotas): the frame then shows the default.
  }
}

export function listLengthOf(path: string): ListLength {
  // The server has no storage; a throw there on every render costs about 1% of its time.
  if (typeof localStorage === 'undefined') return unknown
  try {
    const { rows, rowHeight } = JSON.parse(localStorage.getItem(key(path)) ?? 'null') ?? unknown
    return Number.isInteger(rows) && rows >= 0 && rowHeight > 0 && rowHeight < 500
      ? { rows, rowHeight }
      : unknown
  } catch {
    return unknown
  }
}
