/** An error that carries its HTTP status; TanStack Start answers a server function with it. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 500,
    /** A key of the `errors` namespace, e.g. `UNAUTHORIZED`. */
    readonly code: string,
    readonly field?: string,
  ) {
    super(code)
  }
}
