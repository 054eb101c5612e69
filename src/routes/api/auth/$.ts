import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'

import { auth } from '~/server/auth'
import { withClientIp } from '~/server/client-ip'
import { serverEnv } from '~/server/env'

const handle = async ({ request }: { request: Request }) =>
  (await auth()).handler(withClientIp(request, serverEnv(), getRequestIP()))

export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
