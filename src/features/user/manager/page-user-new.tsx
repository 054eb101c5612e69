import { getRouteApi, Link } from '@tanstack/react-router'
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
    <div className="flex flex-col gap-4">
      <Link to="/manager/users" className="text-sm underline">
        {t('detail.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('form.newTitle')}</h1>
      <FormUser
        currentUserId={session.user.id}
        save={(user) => create({ data: user })}
        messages={{ submit: 'form.create', succeeded: 'form.created', failed: 'form.createFailed' }}
      />
    </div>
  )
}
