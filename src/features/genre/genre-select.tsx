import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Combobox, type ComboboxOption } from '~/components/ui/combobox'
import { useFieldError, useFieldHandlers } from '~/components/ui/form'
import { isDemoRefusal, showDemoDialogFor } from '~/lib/demo-mode'
import { isHttpError } from '~/lib/http-error'
import { useDebouncedValue } from '~/lib/use-debounced-value'
import { useMutateOnce } from '~/lib/use-mutate-once'

import { postGenre } from './genre.functions'
import { type NamedGenre, useGenreName, useGenreOptions } from './genre-name'
import { genresQuery } from './queries'

const SEARCH_DEBOUNCE_MS = 200

/**
 * The book form's genre field: type to find a genre or create one. `initial` is the book's genre.
 * Genres go by the names the reader sees (`useGenreName`).
 */
export function GenreSelect({ initial }: { initial: NamedGenre | null }) {
  const { t } = useTranslation(['book', 'errors'])
  const nameOf = useGenreName()
  const { onChange: setGenreId, onBlur } = useFieldHandlers<string>()
  const error = useFieldError()
  const [value, setValue] = useState<ComboboxOption | null>(
    initial && { id: initial.id, name: nameOf(initial) },
  )
  const onChange = (genre: ComboboxOption) => {
    setValue(genre)
    setGenreId(genre.id)
  }
  const queryClient = useQueryClient()
  const [term, setTerm] = useState('')
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS)
  const genres = useQuery(genresQuery(debounced))
  const options = useGenreOptions(genres.data)
  const createGenre = useServerFn(postGenre)
  const create = useMutation({
    mutationFn: (name: string) => createGenre({ data: { name } }),
    onSuccess: (genre) => {
      onChange(genre)
      void queryClient.invalidateQueries({ queryKey: ['genres'] })
    },
    onError: showDemoDialogFor,
  })
  // Create the genre once, however fast the option is picked again.
  const createOnce = useMutateOnce(create)
  // The demo dialog reports a demo refusal, so the field does not.
  const createError =
    create.error && !isDemoRefusal(create.error)
      ? t(isHttpError(create.error) ? `errors:${create.error.code}` : 'book:form.genreCreateFailed')
      : undefined

  return (
    <Combobox
      label={t('book:fields.genre')}
      value={value}
      onChange={(genre) => {
        create.reset()
        onChange(genre)
      }}
      options={options}
      term={term}
      onTermChange={setTerm}
      onCreate={createOnce}
      loading={genres.isFetching || debounced !== term.trim() || create.isPending}
      error={createError ?? error}
      onBlur={onBlur}
      required
    />
  )
}
