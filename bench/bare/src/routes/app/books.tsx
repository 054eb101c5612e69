import { createFileRoute, redirect } from '@tanstack/react-router'
import { createServerOnlyFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { auth } from '../../auth'
import { capturedPage } from '../../captured'

const readSession = createServerOnlyFn(() => auth.api.getSession({ headers: getRequestHeaders() }))

export const Route = createFileRoute('/app/books')({
  beforeLoad: async () => {
    if (!(await readSession())) throw redirect({ to: '/login' })
  },
  component: () => capturedPage('books'),
})
