import { createFileRoute } from '@tanstack/react-router'

import { guardPage } from '~/features/auth/guards'
import { PageUserNew } from '~/features/user/manager/page-user-new'

export const Route = createFileRoute('/manager/users/new')({
  beforeLoad: guardPage({ user: ['create'] }),
  component: PageUserNew,
})
