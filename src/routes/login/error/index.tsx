import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { PageLoginError } from '~/features/auth/page-login-error'
import { titled } from '~/lib/page-title'

export const Route = createFileRoute('/login/error/')({
  head: titled('auth:loginError.unknown_error.title'),
  validateSearch: z.object({ error: z.string().default('') }),
  component: PageLoginError,
})
