import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod'

import { PageLoginVerify } from '~/features/auth/page-login-verify'
import { titled } from '~/lib/page-title'

const defaults = { redirect: '' }

export const Route = createFileRoute('/login/verify/')({
  head: titled('auth:verify.title'),
  validateSearch: z.object({
    redirect: z.string().default(defaults.redirect),
    email: z.email().catch(''),
  }),
  search: { middlewares: [stripSearchParams(defaults)] },
  beforeLoad: ({ search }) => {
    if (!search.email)
      throw redirect({ to: '/login', search: { redirect: search.redirect, notice: 'invalid_email' } })
  },
  component: PageLoginVerify,
})
