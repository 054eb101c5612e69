/** The cookies of a Cookie header, by name, their values as sent (still percent-encoded). */
function* cookiesOf(cookieHeader: string | null): Generator<[name: string, value: string]> {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name = '', ...value] = part.trim().split('=')
    yield [name, value.join('=')]
  }
}

/** A cookie's value from a Cookie header, or undefined (also when its value is not valid percent-encoding). */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const [key, value] of cookiesOf(cookieHeader)) {
    if (key !== name) continue
    try {
      return decodeURIComponent(value)
    } catch {
      return undefined
    }
  }
  return undefined
}

/** Whether a Cookie header holds a cookie of that name, whatever its value. */
export function hasCookie(cookieHeader: string | null, name: string): boolean {
  for (const [key] of cookiesOf(cookieHeader)) if (key === name) return true
  return false
}

/** The Cookie header without the cookie of that name, the others as sent. */
export function withoutCookie(cookieHeader: string | null, name: string): string {
  return [...cookiesOf(cookieHeader)]
    .filter(([key]) => key !== name)
    .map(([key, value]) => `${key}=${value}`)
    .join('; ')
}
