import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { z } from 'zod'

import { PageLogin } from '~/features/auth/page-login'

const defaults = { redirect: '' }

export const Route = createFileRoute('/login/')({
  validateSearch: z.object({ redirect: z.string().default(defaults.redirect) }),
  search: { middlewares: [stripSearchParams(defaults)] },
  component: PageLogin,
})
