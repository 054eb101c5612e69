import { useTranslation } from 'react-i18next'

/** A genre as the server sends it: the name stored, and the key of a seeded genre never renamed. */
export interface NamedGenre {
  id: string
  name: string
  key: string | null
}

/**
 * The name of a genre as the reader sees it: a seeded genre's in the page's language
 * (`book:genres.<key>`), any other exactly as it was entered. A rename clears the key in the
 * database, so a renamed seeded genre shows its new name.
 */
export function useGenreName() {
  const { t } = useTranslation('book')
  return (genre: Pick<NamedGenre, 'name' | 'key'>) =>
    genre.key ? t(`book:genres.${genre.key}`, { defaultValue: genre.name }) : genre.name
}

/** Genres named as the reader sees them, in the alphabetical order of the page's language. */
export function useGenreOptions(genres: readonly NamedGenre[] | undefined) {
  const { i18n } = useTranslation()
  const nameOf = useGenreName()
  const collator = new Intl.Collator(i18n.language)
  return (genres ?? [])
    .map((genre) => ({ id: genre.id, name: nameOf(genre) }))
    .sort((a, b) => collator.compare(a.name, b.name))
}
