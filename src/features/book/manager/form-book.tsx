import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import type { ComboboxOption } from '~/components/ui/combobox'
import { fieldErrors } from '~/features/auth/schema'
import { GenreSelect } from '~/features/genre/genre-select'
import { useSaveForm } from '~/lib/use-save-form'

import type { getBookById } from '../book.functions'
import { type BookInput, zBookInput } from '../schema'

export type BookDetail = Awaited<ReturnType<typeof getBookById>>

interface FormValues {
  title: string
  author: string
  genre: ComboboxOption | null
  publisher: string
}

const valuesOf = (book?: BookDetail): FormValues => ({
  title: book?.title ?? '',
  author: book?.author ?? '',
  genre: book?.genre ?? null,
  publisher: book?.publisher ?? '',
})

const inputOf = (values: FormValues): BookInput => ({
  title: values.title,
  author: values.author,
  genreId: values.genre?.id ?? '',
  publisher: values.publisher,
})

/**
 * Creates or updates a book. The entity's zod schema checks the fields here and again on the
 * server; a title already used by the same author comes back as that field's message.
 */
export function FormBook({
  book,
  save,
  messages,
}: {
  /** The book being edited; none when creating one. */
  book?: BookDetail
  save: (input: BookInput) => Promise<{ id: string }>
  /** Keys of the `book` namespace for the submit button and the success and failure toasts. */
  messages: { submit: string; succeeded: string; failed: string }
}) {
  const { t } = useTranslation(['book', 'errors'])
  const navigate = useNavigate()
  const [initial] = useState(() => valuesOf(book))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const changed = JSON.stringify(inputOf(values)) !== JSON.stringify(inputOf(initial))
  const leave = useLeaveConfirmation(changed)

  const mutation = useSaveForm({
    save,
    invalidates: ['books'],
    succeeded: t(messages.succeeded),
    failed: t(messages.failed),
    allowLeaving: leave.allowLeaving,
    onSaved: (id) => navigate({ to: '/manager/books/$id', params: { id } }),
    setErrors,
    errorsOf: (error) => ({
      [error.field ?? 'form']: `errors:${error.code}`,
      // The same title by the same author is also said above the form.
      ...(error.code === 'book.titleAuthorTaken' && { form: 'errors:book.titleAuthorTakenForm' }),
    }),
  })

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zBookInput.safeParse(inputOf(values))
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : undefined)
  const textField = (name: 'title' | 'author' | 'publisher', required = false) => (
    <Field
      label={t(`fields.${name}`)}
      name={name}
      required={required}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={errorOf(name)}
    />
  )
  return (
    <form className="flex max-w-xl flex-col gap-4" noValidate onSubmit={onSubmit}>
      {errors.form && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {t(errors.form)}
        </p>
      )}
      {textField('title', true)}
      {textField('author', true)}
      <GenreSelect
        value={values.genre}
        onChange={(genre) => set('genre', genre)}
        error={errorOf('genreId')}
      />
      {textField('publisher')}
      <div className="flex gap-2">
        <Button type="submit" loading={mutation.isPending}>
          {t(messages.submit)}
        </Button>
      </div>
      {leave.dialog}
    </form>
  )
}
