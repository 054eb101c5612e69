import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { userQuery } from '../queries'
import { putUser } from '../user.functions'
import { FormUser } from './form-user'
import { displayName } from '~/features/user/display-name'

const route = getRouteApi('/manager/users/$id/update')

export function PageUserUpdate() {
  const { t } = useTranslation('user')
  const { id } = route.useParams()
  const { session } = route.useRouteContext()
  const { data: user } = useSuspenseQuery(userQuery(id))
  const update = useServerFn(putUser)
  return (
    <FormUser
      heading={{
        parents: [{ to: '/manager/users', label: t('list.title') }],
        title: t('form.updateTitle', { name: displayName(user) }),
      }}
      key={id}
      user={user}
      currentUserId={session.user.id}
      save={(values) => update({ data: { id, user: values } })}
      messages={{ submit: 'form.update', succeeded: 'form.updated', failed: 'form.updateFailed' }}
    />
  )
}
