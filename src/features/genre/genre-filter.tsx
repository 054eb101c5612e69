import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { FilterChips } from '~/components/filter-chips'
import { ListFilter } from '~/components/list-filter'

import { useGenreOptions } from './genre-name'
import { genresQuery } from './queries'

/**
 * The books' filter by genre, listing the genres (the list's loader has fetched them): a select in
 * the manager's bar, or chips that show every genre at once, as the app's catalogue does.
 */
export function GenreFilter({
  value,
  onChange,
  chips = false,
}: {
  value?: string
  onChange: (genre?: string) => void
  chips?: boolean
}) {
  const { t } = useTranslation('book')
  const genres = useGenreOptions(useQuery(genresQuery('')).data)
  const Control = chips ? FilterChips : ListFilter
  return (
    <Control
      label={t('fields.genre')}
      all={t(chips ? 'list.all' : 'list.allGenres')}
      value={value}
      options={genres.map((genre) => ({ value: genre.id, label: genre.name }))}
      onChange={onChange}
    />
  )
}
