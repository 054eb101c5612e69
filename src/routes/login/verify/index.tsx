import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { PageLoginVerify } from '~/features/auth/page-login-verify'
import { titled } from '~/lib/page-title'

const defaults = { redirect: '' }

export const Route = createFileRoute('/login/verify/')({
  head: titled('auth:verify.title'),
  validateSearch: z.object({
    redirect: z._default(z.string(), defaults.redirect),
    email: z.catch(z.email(), ''),
  }),
  search: { middlewares: [stripSearchParams(defaults)] },
  beforeLoad: ({ search }) => {
    if (!search.email)
      throw redirect({ to: '/login', search: { redirect: search.redirect, notice: 'invalid_email' } })
  },
  component: PageLoginVerify,
})
