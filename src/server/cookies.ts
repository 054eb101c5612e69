/** The cookies of a Cookie header by name, with values still percent-encoded. */
function* cookiesOf(cookieHeader: string | null): Generator<[name: string, value: string]> {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name = '', ...value] = part.trim().split('=')
    yield [name, value.join('=')]
  }
}

/** A cookie's decoded value, or undefined if missing or not valid percent-encoding. */
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

/** Whether a Cookie header has a cookie of that name. */
export function hasCookie(cookieHeader: string | null, name: string): boolean {
  for (const [key] of cookiesOf(cookieHeader)) if (key === name) return true
  return false
}
