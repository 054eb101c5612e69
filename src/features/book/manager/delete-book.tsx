import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ConfirmedAction } from '~/components/confirmed-action'

import { removeBook } from '../book.functions'

/** Deletes a book for good, once confirmed, and returns to the list. */
export function DeleteBook({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('book')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useServerFn(removeBook)
  return (
    <ConfirmedAction
      label={t('delete.action')}
      icon={Trash2}
      title={t('delete.title')}
      description={t('delete.description', { title })}
      confirmLabel={t('delete.confirm')}
      run={() => remove({ data: { id } })}
      succeeded={t('delete.done')}
      failed={t('delete.failed')}
      onSuccess={async () => {
        await navigate({ to: '/manager/books' })
        queryClient.removeQueries({ queryKey: ['books', 'detail', id] })
        await queryClient.invalidateQueries({ queryKey: ['books', 'list'] })
      }}
    />
  )
}
