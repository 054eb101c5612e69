import { createServerFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { getSession } from '~/server/session'

/** The signed-in visitor as the UI needs it, or null. Read by the route guards. */
export const getCurrentSession = createServerFn({ method: 'GET' }).handler(async () => {
  const found = await getSession(new Headers(getRequestHeaders()))
  if (!found) return null
  const { user, session } = found
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      role: user.role ?? 'user',
      onboardedAt: user.onboardedAt ?? null,
    },
    session: { id: session.id, expiresAt: session.expiresAt, impersonatedBy: session.impersonatedBy ?? null },
  }
})

export type CurrentSession = NonNullable<Awaited<ReturnType<typeof getCurrentSession>>>
