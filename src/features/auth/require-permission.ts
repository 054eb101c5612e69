import { createMiddleware } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { authorize } from '~/server/session'

import { type ProtectedFunctionId, serverFunctions } from './function-registry'
import type { Permissions } from './permissions'

/**
 * Server-function middleware that checks the session and permission before the handler runs.
 * Anonymous calls get 401 and calls without the permission 403.
 */
export function requirePermission(permissions: Permissions) {
  return createMiddleware({ type: 'function' }).server(async ({ next }) => {
    const session = await authorize(new Headers(getRequestHeaders()), permissions)
    return next({ context: { session } })
  })
}

/**
 * The middleware for a protected server function, using its registry rule. The rule is read only on
 * the server, so the registry never reaches the browser bundle.
 */
export function authorizeFunction(id: ProtectedFunctionId) {
  return createMiddleware({ type: 'function' }).server(async ({ next }) => {
    const session = await authorize(new Headers(getRequestHeaders()), serverFunctions[id].access)
    return next({ context: { session } })
  })
}
