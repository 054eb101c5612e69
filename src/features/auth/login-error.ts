/** The variants of /login/error: what a failed sign-in (e.g. from a social provider) may say. */
const variants = [
  'signup_disabled',
  'access_denied',
  'account_not_linked',
  'banned',
  'unknown_error',
] as const
type Variant = (typeof variants)[number]

/** Which of the page's messages an `error` in the address gets (the page's title says it too). */
export function loginErrorVariant(error: string | undefined): Variant {
  return (variants as ReadonlyArray<string | undefined>).includes(error)
    ? (error as Variant)
    : 'unknown_error'
}
