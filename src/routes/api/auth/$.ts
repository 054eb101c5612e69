import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'

import { auth, captchaEnabled } from '~/server/auth'
import { handleAuthRequest } from '~/server/auth-handler'
import { withClientIp } from '~/server/client-ip'
import { serverEnv } from '~/server/env'

const handle = async ({ request }: { request: Request }) => {
  const env = serverEnv()
  return handleAuthRequest(await auth(), withClientIp(request, env, getRequestIP()), {
    captcha: captchaEnabled(env),
  })
}

export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
