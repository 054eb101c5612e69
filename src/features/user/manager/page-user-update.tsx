import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { userQuery } from '../queries'
import { putUser } from '../user.functions'
import { FormUser } from './form-user'

const route = getRouteApi('/manager/users/$id/update')

export function PageUserUpdate() {
  const { t } = useTranslation('user')
  const { id } = route.useParams()
  const { session } = route.useRouteContext()
  const { data: user } = useSuspenseQuery(userQuery(id))
  const update = useServerFn(putUser)
  return (
    <div className="flex flex-col gap-4">
      <Link to="/manager/users/$id" params={{ id }} className="text-sm underline">
        {t('form.backToUser')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('form.updateTitle', { name: user.name })}</h1>
      <FormUser
        key={id}
        user={user}
        currentUserId={session.user.id}
        save={(values) => update({ data: { id, user: values } })}
        messages={{ submit: 'form.update', succeeded: 'form.updated', failed: 'form.updateFailed' }}
      />
    </div>
  )
}
