import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { PageLoginError } from '~/features/auth/page-login-error'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/login/error/')({
  head: titled('auth:loginError.unknown_error.title'),
  validateSearch: z.object({ error: z._default(z.string(), '') }),
  component: PageLoginError,
})
