import Bowser from 'bowser'

/**
 * A session's device as a person reads it, from its user agent: the browser and the system
 * (`{ browser: 'Chrome', os: 'Linux' }`), each left out when the string does not say. Parsed on
 * the server by bowser, so the browser's bundle carries no parser.
 */
export function deviceOf(userAgent: string | null): { browser?: string; os?: string } {
  if (!userAgent?.trim()) return {}
  const { browser, os } = Bowser.parse(userAgent)
  return { ...(browser.name && { browser: browser.name }), ...(os.name && { os: os.name }) }
}
