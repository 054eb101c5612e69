import { Eye, Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { ActionsMenu } from '~/components/actions-menu'
import { ConfirmedActionDialog } from '~/components/confirmed-action'
import { hasPermission } from '~/features/auth/permissions'

import { useDeleteBook } from './delete-book'

/**
 * A book's menu, as the viewer's role allows: on its row open, edit and delete; on its own page,
 * where Edit is a button, what remains.
 */
export function BookActions({
  book,
  role,
  onPage = false,
}: {
  book: { id: string; title: string }
  role: string
  onPage?: boolean
}) {
  const { t } = useTranslation('book')
  const deletion = useDeleteBook(book, onPage)
  const may = (action: 'update' | 'delete') => hasPermission(role, { book: [action] })
  const params = { id: book.id }
  return (
    <ActionsMenu
      label={t('common:list.actionsFor', { name: book.title })}
      actions={[
        !onPage && { label: t('common:actions.open'), icon: Eye, link: { to: '/manager/books/$id', params } },
        !onPage &&
          may('update') && {
            label: t('detail.edit'),
            icon: Pencil,
            link: { to: '/manager/books/$id/update', params },
          },
        may('delete') && {
          label: t('delete.action'),
          icon: Trash2,
          destructive: true,
          dialog: (state) => <ConfirmedActionDialog {...state} {...deletion} />,
        },
      ]}
    />
  )
}
