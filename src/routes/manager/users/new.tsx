import { createFileRoute } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageUserNew } from '~/features/user/manager/page-user-new'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/manager/users/new')({
  staticData: { namespaces: ['user', 'auth'] },
  head: titled('user:form.newTitle'),
  beforeLoad: guardPage({ user: ['create'] }),
  component: PageUserNew,
})
