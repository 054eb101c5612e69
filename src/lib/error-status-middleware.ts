import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

import { HttpError } from '~/lib/http-error'

/**
 * Every server function answers its errors with their HTTP status: an HttpError's own (400 for
 * bad input, see `validateInput`), 500 for anything unexpected; TanStack Start would say 200.
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
