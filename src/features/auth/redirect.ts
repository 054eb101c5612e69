import { hasPermission } from './permissions'

/** `path` if it is a path on this site; never another origin, a protocol or a backslash trick. */
export function safeRedirect(path: string | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return undefined
  try {
    const base = 'http://folio.invalid'
    const url = new URL(path, base)
    // Check again after normalising, because '/.//evil.example' becomes '//evil.example', another host.
    const local = `${url.pathname}${url.search}${url.hash}`
    return url.origin === base && !local.startsWith('//') ? local : undefined
  } catch {
    return undefined
  }
}

/** Where a signed-in visitor lands by default: the manager for admins, else the app. */
export function homeOf(role: string | null | undefined): '/manager' | '/app' {
  return hasPermission(role, { apps: ['manager'] }) ? '/manager' : '/app'
}
