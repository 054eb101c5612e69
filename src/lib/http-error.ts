import { createSerializationAdapter } from '@tanstack/react-router'

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503

const httpStatuses: readonly HttpStatus[] = [400, 401, 403, 404, 409, 422, 429, 500, 503]

/** The status for an HttpError: one of those above, else 500. */
export const httpStatusOf = (status: number | undefined): HttpStatus =>
  httpStatuses.find((known) => known === status) ?? 500

/** An error with an HTTP status, which a server function answers with. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: HttpStatus,
    /** A key of the `errors` namespace, e.g. `UNAUTHORIZED`. */
    readonly code: string,
    readonly field?: string,
  ) {
    super(code)
  }
}

/** Keeps HttpError's class, status, code and field across the wire to the browser. */
export const httpErrorAdapter = createSerializationAdapter({
  key: 'folio-http-error',
  test: (value): value is HttpError => value instanceof HttpError,
  toSerializable: (error) => ({ status: error.status, code: error.code, field: error.field ?? null }),
  fromSerializable: ({ status, code, field }) => new HttpError(status, code, field ?? undefined),
})

export function isHttpError(error: unknown, status?: HttpError['status']): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status)
}
