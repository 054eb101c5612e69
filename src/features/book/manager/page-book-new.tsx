import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { postBook } from '../book.functions'
import { FormBook } from './form-book'

export function PageBookNew() {
  const { t } = useTranslation('book')
  const create = useServerFn(postBook)
  return (
    <div className="flex flex-col gap-4">
      <Link to="/manager/books" className="text-sm underline">
        {t('detail.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('form.newTitle')}</h1>
      <FormBook
        save={(book) => create({ data: book })}
        messages={{ submit: 'form.create', succeeded: 'form.created', failed: 'form.createFailed' }}
      />
    </div>
  )
}
