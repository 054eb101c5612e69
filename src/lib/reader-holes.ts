/**
 * A signed-in page can be rendered once for every reader it looks the same for and kept
 * (server/page-cache.ts): rendered for a stand-in reader whose every text is a mark, and each
 * mark replaced by the reader's own text as the page is served. Text the page works out from one
 * of the reader's texts (a name's initial) is worked out here, so that its mark says how to work
 * it out from the text it stands for.
 */
export const HOLE_START = '\uE000'
export const HOLE_END = '\uE001'

/** What a derived mark is made from, and how. */
export const derivations = {
  initial: (text: string) => text.charAt(0).toUpperCase(),
} satisfies Record<string, (text: string) => string>

export type Derivation = keyof typeof derivations

/** `text`, worked out by `how`; for a mark, the mark of that result. */
export function derived(text: string, how: Derivation): string {
  if (text.startsWith(HOLE_START) && text.endsWith(HOLE_END)) return `${text.slice(0, -1)}#${how}${HOLE_END}`
  return derivations[how](text)
}
