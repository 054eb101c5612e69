import { createServerFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'

import { userList, zBanInput, zSessionRef, zUserId, zUserInput, zUserUpdate } from './schema'
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
  .middleware([authorizeFunction('user--getUsers')])
  .validator(validateInput(userList.input))
  .handler(({ data }) => listUsers(data))

export const getUserById = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('user--getUserById')])
  .validator(validateInput(zUserId))
  .handler(({ data }) => getUser(data.id))

export const getUserSessions = createServerFn({ method: 'GET' })
  .middleware([authorizeFunction('user--getUserSessions')])
  .validator(validateInput(zUserId))
  .handler(({ data, context }) => listUserSessions(data.id, context.session.session.id))

export const postUser = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--postUser')])
  .validator(validateInput(zUserInput))
  .handler(({ data }) => createUser(headers(), data))

export const putUser = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--putUser')])
  .validator(validateInput(zUserUpdate))
  .handler(({ data }) => updateUser(headers(), data.id, data.user))

export const deleteUser = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--deleteUser')])
  .validator(validateInput(zUserId))
  .handler(({ data }) => removeUser(headers(), data.id))

export const postBan = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--postBan')])
  .validator(validateInput(zBanInput))
  .handler(({ data }) => banUser(headers(), data))

export const deleteBan = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--deleteBan')])
  .validator(validateInput(zUserId))
  .handler(({ data }) => unbanUser(headers(), data.id))

export const revokeSession = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--revokeSession')])
  .validator(validateInput(zSessionRef))
  .handler(({ data }) => revokeUserSession(headers(), data.id, data.sessionId))

export const revokeSessions = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('user--revokeSessions')])
  .validator(validateInput(zUserId))
  .handler(({ data }) => revokeUserSessions(headers(), data.id))
