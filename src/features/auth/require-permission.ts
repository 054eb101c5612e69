import { createMiddleware } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { authorize } from '~/server/session'

import { type ProtectedFunctionId, serverFunctions } from './function-registry'
import type { Permissions } from './permissions'

/**
 * Server-function middleware: checks the session and the permission before the handler runs.
 * Anonymous calls answer 401 and calls without the right 403 (see `errorStatusMiddleware`);
 * the handler never runs for them.
 */
export function requirePermission(permissions: Permissions) {
  return createMiddleware({ type: 'function' }).server(async ({ next }) => {
    const session = await authorize(new Headers(getRequestHeaders()), permissions)
    return next({ context: { session } })
  })
}

/** The middleware of a protected server function: the rule its entry of the registry states. */
export function authorizeFunction(id: ProtectedFunctionId) {
  return requirePermission(serverFunctions[id].access)
}
