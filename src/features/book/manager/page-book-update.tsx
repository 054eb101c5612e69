import { useSuspenseQuery } from '@tanstack/react-query'
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
    <FormBook
      heading={{
        parents: [{ to: '/manager/books', label: t('list.title') }],
        title: t('form.updateTitle', { title: book.title }),
      }}
      key={id}
      book={book}
      save={(values) => update({ data: { id, book: values } })}
      messages={{ submit: 'form.update', succeeded: 'form.updated', failed: 'form.updateFailed' }}
    />
  )
}
