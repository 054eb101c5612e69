import { redirect } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { HttpError } from '~/lib/http-error'
import { validateInput } from '~/lib/validate-input'
import { updateUserRecord } from '~/server/auth'
import { getSession } from '~/server/session'

import { authorizeFunction } from './require-permission'
import { zOnboardingForm } from './schema'

async function currentSession() {
  try {
    return await getSession(new Headers(getRequestHeaders()))
  } catch (error) {
    // A banned user's session has just ended, so the login error page says why.
    if (error instanceof HttpError && error.code === 'BANNED_USER') {
      throw redirect({ to: '/login/error', search: { error: 'banned' } })
    }
    throw error
  }
}

/** The signed-in visitor as the UI needs it, or null. Read by the route guards. */
export const getCurrentSession = createServerFn({ method: 'GET' }).handler(async () => {
  const found = await currentSession()
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

/**
 * The one-time onboarding step: saves the visitor's name and when they onboarded. It changes
 * nothing for someone already onboarded; they change their name on the account page.
 */
export const completeOnboarding = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('auth--completeOnboarding')])
  .validator(validateInput(zOnboardingForm))
  .handler(async ({ data, context }) => {
    const { user } = context.session
    if (user.onboardedAt) return { name: user.name }
    await updateUserRecord(user.id, { name: data.name, onboardedAt: new Date() })
    return { name: data.name }
  })
