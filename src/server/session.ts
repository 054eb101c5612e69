import '@tanstack/react-start/server-only'

import { hasPermission, type Permissions } from '~/features/auth/permissions'
import { HttpError } from '~/lib/http-error'

import { auth } from './auth'

export async function getSession(headers: Headers) {
  return (await auth()).api.getSession({ headers })
}

export type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>

/** The security boundary of every server function: 401 without a session, 403 without the right. */
export async function authorize(headers: Headers, permissions: Permissions): Promise<Session> {
  const session = await getSession(headers)
  if (!session) throw new HttpError(401, 'UNAUTHORIZED')
  if (!hasPermission(session.user.role, permissions)) throw new HttpError(403, 'FORBIDDEN')
  return session
}
