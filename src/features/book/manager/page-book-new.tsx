import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { postBook } from '../book.functions'
import { FormBook } from './form-book'

export function PageBookNew() {
  const { t } = useTranslation('book')
  const create = useServerFn(postBook)
  return (
    <FormBook
      heading={{ parents: [{ to: '/manager/books', label: t('list.title') }], title: t('form.newTitle') }}
      save={(book) => create({ data: book })}
      messages={{ submit: 'form.create', succeeded: 'form.created', failed: 'form.createFailed' }}
    />
  )
}
