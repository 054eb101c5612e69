import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { Button } from '~/components/ui/button'
import type { ComboboxOption } from '~/components/ui/combobox'
import { Field } from '~/components/ui/field'
import { fieldErrors } from '~/features/auth/schema'
import { GenreSelect } from '~/features/genre/genre-select'
import { formValues, useFormChanges } from '~/lib/use-form-changes'
import { useSaveForm } from '~/lib/use-save-form'

import type { getBookById } from '../book.functions'
import { type BookInput, zBookInput } from '../schema'

export type BookDetail = Awaited<ReturnType<typeof getBookById>>

const textFields = ['title', 'author', 'publisher'] as const

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
  const [initial] = useState(() => ({
    title: book?.title ?? '',
    author: book?.author ?? '',
    publisher: book?.publisher ?? '',
  }))
  const [genre, setGenre] = useState<ComboboxOption | null>(book?.genre ?? null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const changes = useFormChanges(initial)
  const leave = useLeaveConfirmation(changes.changed || genre?.id !== book?.genre.id)

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = zBookInput.safeParse({
      ...formValues(event.currentTarget, textFields),
      genreId: genre?.id ?? '',
    })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    mutation.mutate(parsed.data)
  }

  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : undefined)
  const textField = (name: (typeof textFields)[number], required = false) => (
    <Field
      label={t(`fields.${name}`)}
      name={name}
      required={required}
      defaultValue={initial[name]}
      error={errorOf(name)}
    />
  )
  return (
    <form className="flex max-w-xl flex-col gap-4" noValidate onSubmit={onSubmit} onChange={changes.onChange}>
      {errors.form && (
        <p
          role="alert"
          className="rounded-md border border-destructive-text/30 bg-destructive-soft px-3 py-2 text-destructive-text"
        >
          {t(errors.form)}
        </p>
      )}
      {textField('title', true)}
      {textField('author', true)}
      <GenreSelect value={genre} onChange={setGenre} error={errorOf('genreId')} />
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
