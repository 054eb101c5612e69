import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod'

import { PageLogin } from '~/features/auth/page-login'
import { titled } from '~/lib/page-title'

const defaults = { redirect: '' }

export const Route = createFileRoute('/login/')({
  head: titled('auth:login.titleSignUp'),
  validateSearch: z.object({
    redirect: z.string().default(defaults.redirect),
    // Why the visitor was sent back here, e.g. from /login/verify without a valid e-mail.
    notice: z.enum(['invalid_email']).optional().catch(undefined),
  }),
  search: { middlewares: [stripSearchParams(defaults)] },
  component: PageLogin,
})
