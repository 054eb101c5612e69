import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { Button } from '~/components/ui/button'
import { SchemaForm, useSchemaForm } from '~/components/ui/form'
import { GenreSelect } from '~/features/genre/genre-select'
import { useSaveForm } from '~/lib/use-save-form'

import type { getBookById } from '../book.functions'
import { type BookInput, zBookInput } from '../schema'

export type BookDetail = Awaited<ReturnType<typeof getBookById>>

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
  const form = useSchemaForm({
    schema: zBookInput,
    defaultValues: {
      title: book?.title ?? '',
      author: book?.author ?? '',
      genreId: book?.genre.id ?? '',
      publisher: book?.publisher ?? '',
    },
    onSubmit: (values): void => mutation.mutate(values),
  })
  const leave = useLeaveConfirmation(form.changed)

  const mutation = useSaveForm({
    save,
    invalidates: ['books'],
    succeeded: t(messages.succeeded),
    failed: t(messages.failed),
    allowLeaving: leave.allowLeaving,
    onSaved: (id) => navigate({ to: '/manager/books/$id', params: { id } }),
    setErrors: form.showServerErrors,
    errorsOf: (error) => ({
      [error.field ?? 'form']: `errors:${error.code}`,
      // The same title by the same author is also said above the form.
      ...(error.code === 'book.titleAuthorTaken' && { form: 'errors:book.titleAuthorTakenForm' }),
    }),
  })

  return (
    <SchemaForm form={form} className="flex max-w-xl flex-col gap-4">
      <form.FormAlert />
      <form.AppField name="title">
        {(field) => <field.TextField label={t('fields.title')} required />}
      </form.AppField>
      <form.AppField name="author">
        {(field) => <field.TextField label={t('fields.author')} required />}
      </form.AppField>
      <form.AppField name="genreId">{() => <GenreSelect initial={book?.genre ?? null} />}</form.AppField>
      <form.AppField name="publisher">
        {(field) => <field.TextField label={t('fields.publisher')} />}
      </form.AppField>
      <div className="flex gap-2">
        <Button type="submit" loading={mutation.isPending}>
          {t(messages.submit)}
        </Button>
      </div>
      {leave.dialog}
    </SchemaForm>
  )
}
