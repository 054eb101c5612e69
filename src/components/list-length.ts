/**
 * How many rows each list page showed last (at most its first page), kept in the browser by path,
 * so that its loading skeleton stands in with as many rows and the page does not jump when the
 * list arrives, in a later visit too.
 */
// An index route's match has a trailing slash; the address shown has none.
const key = (path: string) => `list-length:${path.replace(/\/+$/, '')}`

/** Before a list has been seen in this browser, a few rows. */
const unknownRows = 5

export function rememberListLength(path: string, rows: number) {
  try {
    localStorage.setItem(key(path), String(rows))
  } catch {
    // Storage may be refused (private modes, quotas): the skeleton then shows the default.
  }
}

export function listLengthOf(path: string): number {
  // The server has no storage; a throw there on every render costs about 1% of its time.
  if (typeof localStorage === 'undefined') return unknownRows
  try {
    const rows = Number(localStorage.getItem(key(path)) ?? Number.NaN)
    return Number.isInteger(rows) && rows >= 0 ? rows : unknownRows
  } catch {
    return unknownRows
  }
}
