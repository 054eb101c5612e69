import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { PageLogin } from '~/features/auth/page-login'
import { titledByKey } from '~/lib/page-title'

const defaults = { redirect: '' }

export const Route = createFileRoute('/login/')({
  head: titledByKey(({ auth }) => (auth.signUpEnabled ? 'auth:login.titleSignUp' : 'auth:login.title')),
  validateSearch: z.object({
    redirect: z._default(z.string(), defaults.redirect),
    // Why the visitor was sent back here, e.g. from /login/verify without a valid e-mail.
    notice: z.catch(z.optional(z.enum(['invalid_email'])), undefined),
  }),
  search: { middlewares: [stripSearchParams(defaults)] },
  component: PageLogin,
})
