import '@tanstack/react-start/server-only'
import { APIError } from 'better-auth/api'

import { HttpError, type HttpStatus, httpStatusOf } from '~/lib/http-error'

import { auth } from './auth'
import { withDbErrors } from './db/errors'

/** Refusals from better-auth that belong to a form field, with the message the form shows. */
const fieldRefusals: Record<string, { status: HttpStatus; code: string; field: string }> = {
  USER_ALREADY_EXISTS: { status: 409, code: 'user.emailTaken', field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, code: 'user.emailTaken', field: 'email' },
  INVALID_EMAIL: { status: 400, code: 'INVALID_EMAIL', field: 'email' },
}

/** Turns a better-auth APIError into the HttpError server functions answer with, keeping status and code. */
export function fromAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error
  const code = typeof error.body?.code === 'string' ? error.body.code : 'UNKNOWN_ERROR'
  const field = fieldRefusals[code]
  if (field) return new HttpError(field.status, field.code, field.field)
  return new HttpError(httpStatusOf(error.statusCode), code)
}

/**
 * Runs a better-auth endpoint as the caller, so the same checks apply as over HTTP. Refusals from
 * better-auth or the database become HttpErrors.
 */
export async function callAuthApi<T>(call: (api: Awaited<ReturnType<typeof auth>>['api']) => Promise<T>) {
  const { api } = await auth()
  try {
    return await withDbErrors(() => call(api))
  } catch (error) {
    throw fromAuthError(error)
  }
}
