import { useSuspenseQuery } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { PageHeader } from '~/components/page-header'
import { Details } from '~/components/ui/details'
import { useGenreName } from '~/features/genre/genre-name'

import { BookCover } from './book-cover'
import { bookQuery } from './queries'

/** The lists of what holds a book, below its details on its manager and app pages. */
const holders: Array<ComponentType<{ id: string; area: 'app' | 'manager' }>> = [
  // pnpm new:entity adds the lists of what holds it here.
]

/**
 * A book's details, below its list in the breadcrumb; `actions` is what may be done with it,
 * `children` what follows (its history).
 */
export function PageBook({
  id,
  backTo,
  actions,
  children,
}: {
  id: string
  backTo: '/app/books' | '/manager/books'
  actions?: (book: { id: string; title: string }) => ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation('book')
  const { data: book } = useSuspenseQuery(bookQuery(id))
  const genreName = useGenreName()
  const fields = [
    { label: t('fields.author'), value: book.author },
    { label: t('fields.genre'), value: genreName(book.genre) },
    { label: t('fields.publisher'), value: book.publisher ?? t('fields.none') },
  ]
  return (
    <article className="flex flex-col gap-6">
      {/* The author is said once, among the details (the drawn cover's text is its picture). */}
      <PageHeader
        parents={[{ to: backTo, label: t('list.title') }]}
        title={book.title}
        actions={actions?.(book)}
      />
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <BookCover book={book} size="lg" className="self-center sm:self-start" />
        <Details fields={fields} className="min-w-0 flex-1" />
      </div>
      {holders.map((Holders, index) => (
        <Holders key={index} id={id} area={backTo === '/manager/books' ? 'manager' : 'app'} />
      ))}
      {children}
    </article>
  )
}
