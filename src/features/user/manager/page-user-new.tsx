import { getRouteApi } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useTranslation } from 'react-i18next'

import { postUser } from '../user.functions'
import { FormUser } from './form-user'

const route = getRouteApi('/manager/users/new')

export function PageUserNew() {
  const { t } = useTranslation('user')
  const { session } = route.useRouteContext()
  const create = useServerFn(postUser)
  return (
    <FormUser
      heading={{ parents: [{ to: '/manager/users', label: t('list.title') }], title: t('form.newTitle') }}
      currentUserId={session.user.id}
      save={(user) => create({ data: user })}
      messages={{ submit: 'form.create', succeeded: 'form.created', failed: 'form.createFailed' }}
    />
  )
}
