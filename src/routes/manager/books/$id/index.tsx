import { createFileRoute, Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { PageNotFound } from '~/components/route-error'
import { buttonClass } from '~/components/ui/button'
import { hasPermission } from '~/features/auth/permissions'
import { ItemHistory } from '~/features/activity/activity-entry'
import { historyQuery } from '~/features/activity/queries'
import { BookActions } from '~/features/book/manager/book-actions'
import { PageBook } from '~/features/book/page-book'
import { loadBookOrNotFound } from '~/features/book/queries'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/books/$id/')({
  staticData: { namespaces: ['book', 'activity'], skeleton: 'detail' },
  head: titled((book: { title: string }) => book.title),
  notFoundComponent: PageNotFound,
  loader: async ({ context, params }) => {
    const [book] = await Promise.all([
      loadBookOrNotFound(context.queryClient, params.id),
      hasPermission(context.session.user.role, { activity: ['read'] }) &&
        context.queryClient.ensureQueryData(historyQuery('book', params.id)),
    ])
    return book
  },
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
              <Link to="/manager/books/$id/update" params={{ id }} className={buttonClass('primary')}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Link>
            )}
            {may('delete') && <BookActions book={book} role={session.user.role} onPage />}
          </>
        )}
      >
        {hasPermission(session.user.role, { activity: ['read'] }) && <ItemHistory entity="book" id={id} />}
      </PageBook>
    )
  },
})
