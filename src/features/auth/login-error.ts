/** The messages /login/error can show for a failed sign-in, such as from a social provider. */
const variants = [
  'signup_disabled',
  'access_denied',
  'account_not_linked',
  'banned',
  'unknown_error',
] as const
type Variant = (typeof variants)[number]

/** Which message an `error` in the address gets; the page title uses it too. */
export function loginErrorVariant(error: string | undefined): Variant {
  return (variants as ReadonlyArray<string | undefined>).includes(error)
    ? (error as Variant)
    : 'unknown_error'
}
