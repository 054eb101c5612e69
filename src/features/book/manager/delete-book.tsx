import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import type { ConfirmedActionProps } from '~/components/confirmed-action'

import { removeBook } from '../book.functions'

/**
 * Deleting a book for good, once confirmed: what the confirmation asks and does. Once done, the
 * lists forget it, and `leave` (from its own page) returns to the list.
 */
export function useDeleteBook(
  { id, title }: { id: string; title: string },
  leave = false,
): ConfirmedActionProps {
  const { t } = useTranslation('book')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useServerFn(removeBook)
  return {
    title: t('delete.title'),
    description: t('delete.description', { title }),
    confirmLabel: t('delete.confirm'),
    run: () => remove({ data: { id } }),
    succeeded: t('delete.done'),
    failed: t('delete.failed'),
    onSuccess: async () => {
      if (leave) await navigate({ to: '/manager/books' })
      queryClient.removeQueries({ queryKey: ['books', 'detail', id] })
      await queryClient.invalidateQueries({ queryKey: ['books', 'list'] })
    },
  }
}
