import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

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
    <article className="flex flex-col gap-4">
      <Link to={backTo} className="text-sm underline">
        {t('detail.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{book.title}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {fields.map((field) => (
          <div key={field.label} className="contents">
            <dt className="text-neutral-600 dark:text-neutral-400">{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="flex flex-wrap gap-2">{actions(book)}</div>}
    </article>
  )
}
