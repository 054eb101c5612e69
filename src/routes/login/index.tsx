import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { zLoginSearch } from '~/features/auth/schema'
import { PageLogin } from '~/features/auth/page-login'
import { titledByKey } from '~/lib/page-title'

const defaults = { redirect: '' }

export const Route = createFileRoute('/login/')({
  head: titledByKey(({ auth }) => (auth.signUpEnabled ? 'auth:login.titleSignUp' : 'auth:login.title')),
  validateSearch: zLoginSearch,
  search: { middlewares: [stripSearchParams(defaults)] },
  component: PageLogin,
})
