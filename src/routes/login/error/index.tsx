import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { PageLoginError } from '~/features/auth/page-login-error'

export const Route = createFileRoute('/login/error/')({
  validateSearch: z.object({ error: z.string().default('') }),
  component: PageLoginError,
})
