import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { loginErrorVariant } from '~/features/auth/login-error'
import { PageLoginError } from '~/features/auth/page-login-error'
import { titledByKey } from '~/lib/page-title'

export const Route = createFileRoute('/login/error/')({
  head: titledByKey<{ error?: string }>(
    (_, search) => `auth:loginError.${loginErrorVariant(search.error)}.title`,
  ),
  validateSearch: z.object({ error: z._default(z.string(), '') }),
  component: PageLoginError,
})
