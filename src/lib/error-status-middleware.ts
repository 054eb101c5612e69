import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

import { HttpError } from '~/lib/http-error'

/**
 * Gives server-function errors their HTTP status (an HttpError's own, else 500), because TanStack
 * Start would answer 200.
 */
export const errorStatusMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (error instanceof HttpError) setResponseStatus(error.status)
    else if (!isRedirect(error) && !isNotFound(error)) setResponseStatus(500)
    throw error
  }
})
