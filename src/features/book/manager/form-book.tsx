import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useLeaveConfirmation } from '~/components/leave-confirmation'
import { FormPage, type FormPageHeading } from '~/components/form-page'
import { useSchemaForm } from '~/components/ui/form'
import { ImageField, type ImageChoice } from '~/components/ui/image-field'
import { toast } from '~/components/ui/toast'
import { GenreSelect } from '~/features/genre/genre-select'
import { useImageChange } from '~/features/uploads/use-image-change'
import { isHttpError } from '~/lib/http-error'
import { showDemoDialogFor } from '~/lib/demo-mode'
import { useSaveForm } from '~/lib/use-save-form'

import type { getBookById } from '../book.functions'
import { BookCover } from '../book-cover'
import { type BookInput, zBookInput } from '../schema'

export type BookDetail = Awaited<ReturnType<typeof getBookById>>

/**
 * Creates or updates a book. The entity's zod schema checks the fields here and again on the
 * server; a title already used by the same author comes back as that field's message. A new or
 * removed cover is sent once the book is saved, with its progress shown on the cover.
 */
export function FormBook({
  heading,
  book,
  save,
  messages,
}: {
  heading: FormPageHeading
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
  const [cover, setCover] = useState<ImageChoice>(null)
  const coverChange = useImageChange('book-cover')
  const leave = useLeaveConfirmation(form.changed || cover !== null)

  /** The cover's change, once the book is saved: a refusal is said, and the book stays saved. */
  const saveCover = async (id: string) => {
    try {
      await coverChange.apply(id, cover)
    } catch (error) {
      if (showDemoDialogFor(error)) return
      const reason = t(`errors:${isHttpError(error) ? error.code : 'UNKNOWN_ERROR'}`)
      toast.error(t('cover.failed', { reason }))
    }
  }

  const mutation = useSaveForm({
    save: async (values: BookInput) => {
      const saved = await save(values)
      await saveCover(saved.id)
      return saved
    },
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
    <FormPage
      form={form}
      heading={heading}
      submit={{ label: t(messages.submit), pending: mutation.isPending }}
    >
      <form.FormAlert />
      <ImageField
        label={t('fields.cover')}
        frameClassName="aspect-[2/3] w-20"
        current={
          book ? (
            <BookCover book={book} size="md" />
          ) : (
            <div className="size-full rounded-md border border-dashed border-input bg-muted" />
          )
        }
        hasCurrent={Boolean(book?.cover)}
        value={cover}
        onChange={setCover}
        progress={coverChange.progress}
      />
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
      {leave.dialog}
    </FormPage>
  )
}
