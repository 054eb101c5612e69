/** Escapes LIKE's wildcards so a search term matches literally. */
export function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`)
}
