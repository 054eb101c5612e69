import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { BackLink } from '~/components/page-header'

import { postBook } from '../book.functions'
import { FormBook } from './form-book'

export function PageBookNew() {
  const { t } = useTranslation('book')
  const create = useServerFn(postBook)
  return (
    <FormBook
      heading={{ back: <BackLink to="/manager/books" label={t('detail.back')} />, title: t('form.newTitle') }}
      save={(book) => create({ data: book })}
      messages={{ submit: 'form.create', succeeded: 'form.created', failed: 'form.createFailed' }}
    />
  )
}
