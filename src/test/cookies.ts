/** Cookies as a browser keeps them; no server module here, so the e2e workers use it too. */

/** The session cookie a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  // A response may clear a cookie and set it again: the last value of each name counts.
  const jar = new Map<string, string>()
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';')
    const [name = '', value = ''] = pair.split(/=(.*)/s)
    if (value) jar.set(name, value)
    else jar.delete(name)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}
