/** Cookies as a browser keeps them. It imports no server module, so e2e workers can use it too. */

/** The session cookie a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  // A response may clear a cookie and set it again, so the last value of each name wins.
  const jar = new Map<string, string>()
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';')
    const [name = '', value = ''] = pair.split(/=(.*)/s)
    if (value) jar.set(name, value)
    else jar.delete(name)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}
