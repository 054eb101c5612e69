import { createFileRoute, Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageNotFound } from '~/components/route-error'
import { buttonClass } from '~/components/ui/button'
import { hasPermission } from '~/features/auth/permissions'
import { DeleteBook } from '~/features/book/manager/delete-book'
import { PageBook } from '~/features/book/page-book'
import { loadBookOrNotFound } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/books/$id/')({
  staticData: { namespaces: ['book'], skeleton: 'detail' },
  head: titled((book: { title: string }) => book.title),
  notFoundComponent: PageNotFound,
  loader: ({ context, params }) => loadBookOrNotFound(context.queryClient, params.id),
  component: function RouteComponent() {
    const { id } = Route.useParams()
    const { session } = Route.useRouteContext()
    const { t } = useTranslation('book')
    const may = (action: 'update' | 'delete') => hasPermission(session.user.role, { book: [action] })
    return (
      <PageBook
        id={id}
        backTo="/manager/books"
        actions={(book) => (
          <>
            {may('update') && (
              <Link to="/manager/books/$id/update" params={{ id }} className={buttonClass('outline')}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Link>
            )}
            {may('delete') && <DeleteBook id={book.id} title={book.title} />}
          </>
        )}
      />
    )
  },
})
