import { createServerFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { authorizeFunction } from '~/features/auth/require-permission'
import { listUserSessions } from '~/features/user/user.server'
import { validateInput } from '~/lib/validate-input'
import { updateUserRecord } from '~/server/auth'

import { exportAccount, listPasskeys, revokeOwnSession } from './account.server'
import { zNameUpdate, zOwnSessionRef } from './schema'

const headers = () => new Headers(getRequestHeaders())

/** The signed-in person's own name. */
export const putName = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('account--putName')])
  .validator(validateInput(zNameUpdate))
  .handler(async ({ data, context }) => {
    await updateUserRecord(context.session.user.id, { name: data.name })
    return { name: data.name }
  })

/** The signed-in person's live sessions, the one they are using marked. */
export const getMySessions = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('account--getMySessions')])
  .handler(({ context }) => listUserSessions(context.session.user.id, context.session.session.id))

/** Ends one of the signed-in person's sessions; another person's is not found. */
export const revokeMySession = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('account--revokeMySession')])
  .validator(validateInput(zOwnSessionRef))
  .handler(({ data, context }) => revokeOwnSession(headers(), context.session.user.id, data.sessionId))

/** What Folio keeps about the signed-in person, as one JSON document. */
export const getMyData = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('account--getMyData')])
  .handler(({ context }) => exportAccount(context.session.user.id, context.session.session.id))

/** The signed-in person's passkeys (added and deleted through better-auth's passkey endpoints). */
export const getMyPasskeys = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('account--getMyPasskeys')])
  .handler(({ context }) => listPasskeys(context.session.user.id))
