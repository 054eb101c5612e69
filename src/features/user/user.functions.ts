import { createServerFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { requirePermission } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { zBanInput, zSessionRef, zUserId, zUserInput, zUserListInput, zUserUpdate } from './schema'
import {
  banUser,
  createUser,
  getUser,
  listUserSessions,
  listUsers,
  removeUser,
  revokeUserSession,
  revokeUserSessions,
  unbanUser,
  updateUser,
} from './user.server'

const headers = () => new Headers(getRequestHeaders())

export const getUsers = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['list'] })])
  .validator(validateInput(zUserListInput))
  .handler(({ data }) => listUsers(data))

export const getUserById = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['get'] })])
  .validator(validateInput(zUserId))
  .handler(({ data }) => getUser(data.id))

export const getUserSessions = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ session: ['list'] })])
  .validator(validateInput(zUserId))
  .handler(({ data, context }) => listUserSessions(data.id, context.session.session.id))

export const postUser = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['create'] })])
  .validator(validateInput(zUserInput))
  .handler(({ data }) => createUser(headers(), data))

export const putUser = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['update'] })])
  .validator(validateInput(zUserUpdate))
  .handler(({ data }) => updateUser(headers(), data.id, data.user))

export const deleteUser = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['delete'] })])
  .validator(validateInput(zUserId))
  .handler(({ data }) => removeUser(headers(), data.id))

export const postBan = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['ban'] })])
  .validator(validateInput(zBanInput))
  .handler(({ data }) => banUser(headers(), data))

export const deleteBan = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['ban'] })])
  .validator(validateInput(zUserId))
  .handler(({ data }) => unbanUser(headers(), data.id))

export const revokeSession = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ session: ['revoke'] })])
  .validator(validateInput(zSessionRef))
  .handler(({ data }) => revokeUserSession(headers(), data.id, data.sessionId))

export const revokeSessions = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ session: ['revoke'] })])
  .validator(validateInput(zUserId))
  .handler(({ data }) => revokeUserSessions(headers(), data.id))
