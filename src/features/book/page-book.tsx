import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { BackLink, PageHeader } from '~/components/page-header'
import { Details } from '~/components/ui/details'

import { BookCover } from './book-cover'
import { bookQuery } from './queries'

/** A book's details; `backTo` is the list it was opened from, `actions` what may be done with it. */
export function PageBook({
  id,
  backTo,
  actions,
}: {
  id: string
  backTo: '/app/books' | '/manager/books'
  actions?: (book: { id: string; title: string }) => ReactNode
}) {
  const { t } = useTranslation('book')
  const { data: book } = useSuspenseQuery(bookQuery(id))
  const fields = [
    { label: t('fields.author'), value: book.author },
    { label: t('fields.genre'), value: book.genre.name },
    { label: t('fields.publisher'), value: book.publisher ?? t('fields.none') },
  ]
  return (
    <article className="flex flex-col gap-6">
      <BackLink to={backTo} label={t('detail.back')} />
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <BookCover book={book} size="lg" className="self-center sm:self-start" />
        <div className="flex min-w-0 flex-1 flex-col gap-5">
          <PageHeader title={book.title} description={<bdi>{book.author}</bdi>} actions={actions?.(book)} />
          <Details fields={fields} />
        </div>
      </div>
    </article>
  )
}
