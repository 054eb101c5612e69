import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { putBook } from '../book.functions'
import { bookQuery } from '../queries'
import { FormBook } from './form-book'

export function PageBookUpdate({ id }: { id: string }) {
  const { t } = useTranslation('book')
  const { data: book } = useSuspenseQuery(bookQuery(id))
  const update = useServerFn(putBook)
  return (
    <div className="flex flex-col gap-4">
      <Link to="/manager/books/$id" params={{ id }} className="text-sm underline">
        {t('form.backToBook')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('form.updateTitle', { title: book.title })}</h1>
      <FormBook
        key={id}
        book={book}
        save={(values) => update({ data: { id, book: values } })}
        messages={{ submit: 'form.update', succeeded: 'form.updated', failed: 'form.updateFailed' }}
      />
    </div>
  )
}
