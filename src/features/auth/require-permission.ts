import { createMiddleware } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'

import { authorize } from '~/server/session'

import type { Permissions } from './permissions'

/** Server-function middleware: checks the session and the permission before the handler runs. */
export function requirePermission(permissions: Permissions) {
  return createMiddleware({ type: 'function' }).server(async ({ next }) => {
    const session = await authorize(new Headers(getRequestHeaders()), permissions)
    return next({ context: { session } })
  })
}
