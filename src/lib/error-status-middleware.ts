import { createMiddleware } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { ZodError } from 'zod'

import { HttpError } from '~/lib/http-error'

/** Every server function answers its errors with their HTTP status: HttpError's, 400 for bad input. */
export const errorStatusMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (error instanceof HttpError) setResponseStatus(error.status)
    else if (error instanceof ZodError) setResponseStatus(400)
    throw error
  }
})
