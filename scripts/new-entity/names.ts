/** Every spelling of an entity's name the generated code uses, from its PascalCase name. */
export interface EntityNames {
  /** `BookShelf`: types and components. */
  Name: string
  /** `BookShelves`: list components. */
  Names: string
  /** `bookShelf`: variables, the permission resource, the texts' namespace. */
  name: string
  /** `bookShelves`: list variables, query keys, page sizes. */
  names: string
  /** `book-shelf`: the feature folder and its files. */
  kebab: string
  /** `book-shelves`: addresses (`/manager/book-shelves`). */
  kebabs: string
  /** `book_shelf`: the table. */
  table: string
  /** `book shelf` and `book shelves`: words in texts. */
  word: string
  words: string
}

/** The plural of an English word, by the common rules; `--plural` covers the rest. */
export function pluralOf(word: string) {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`
  if (/(lf|eaf)$/i.test(word)) return `${word.slice(0, -1)}ves`
  if (/[^f]ife$/i.test(word)) return `${word.slice(0, -2)}ves`
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`
  return `${word}s`
}

const parts = (pascal: string) => pascal.split(/(?=[A-Z])/).map((part) => part.toLowerCase())
const camel = (words: string[]) =>
  words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('')
const pascal = (words: string[]) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')

/** Every spelling of a PascalCase name such as `BookShelf`, using `plural` when given. */
export function entityNames(Name: string, plural?: string): EntityNames {
  if (!/^[A-Z][a-z]+(?:[A-Z][a-z]+)*$/.test(Name))
    throw new Error(`The entity's name is one or more capitalised English words, e.g. Shelf or BookShelf`)
  const one = parts(Name)
  const lastPlural = plural
    ? parts(plural[0]!.toUpperCase() + plural.slice(1)).at(-1)!
    : pluralOf(one.at(-1)!)
  const many = [...one.slice(0, -1), lastPlural]
  return {
    Name,
    Names: pascal(many),
    name: camel(one),
    names: camel(many),
    kebab: one.join('-'),
    kebabs: many.join('-'),
    table: one.join('_'),
    word: one.join(' '),
    words: many.join(' '),
  }
}

/** The languages other than English, whose word for the entity `--label` gives. */
export const labelLanguages = ['fr', 'ar', 'sw'] as const
export type LabelLanguage = (typeof labelLanguages)[number]

/** The entity's word in one language, as its texts use it: singular and plural. */
export interface Label {
  word: string
  words: string
}

/**
 * The words of `--label fr=Étagère/Étagères` options (the plural after a slash, else the same word),
 * and the languages none was given for, which keep the English words.
 */
export function entityLabels(
  n: Pick<EntityNames, 'word' | 'words'>,
  options: readonly string[] = [],
): { labels: Record<LabelLanguage, Label>; missing: LabelLanguage[] } {
  const given = new Map<string, Label>()
  for (const option of options) {
    const found = /^([a-z]{2})=([^/=]+?)(?:\/([^/=]+))?$/u.exec(option.trim())
    const lng = found?.[1]
    if (!found || !lng || !(labelLanguages as readonly string[]).includes(lng))
      throw new Error(
        `--label ${option}: give a language of ${labelLanguages.join(', ')}, =, then the word and, after a slash, its plural (fr=Étagère/Étagères)`,
      )
    const word = found[2]!.trim()
    given.set(lng, { word, words: found[3]?.trim() ?? word })
  }
  const labels = Object.fromEntries(
    labelLanguages.map((lng) => [lng, given.get(lng) ?? { word: n.word, words: n.words }]),
  ) as Record<LabelLanguage, Label>
  return { labels, missing: labelLanguages.filter((lng) => !given.has(lng)) }
}
