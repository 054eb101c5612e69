/**
 * The one access-control table. It holds no secret: the server enforces it and the
 * browser imports it to hide what the server refuses. better-auth's access control is built
 * from it in `./access-control` (its code stays out of the pages' bundle).
 */
export const statement = {
  user: [
    'create',
    'list',
    'set-role',
    'ban',
    'impersonate',
    'delete',
    'set-password',
    'get',
    'update',
    'set-email',
  ],
  session: ['list', 'revoke', 'delete'],
  account: ['update'],
  apps: ['app', 'manager'],
  book: ['read', 'create', 'update', 'delete'],
  genre: ['read', 'create'],
} as const

export type Permissions = {
  [Resource in keyof typeof statement]?: Array<(typeof statement)[Resource][number]>
}

export const roleGrants = {
  // Every right of the statement: the product's table, plus user: get, update and set-email (editing a
  // user's name and e-mail) and genre: create (from the book form).
  admin: statement,
  user: {
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
  },
} as const satisfies Record<string, { [Resource in keyof typeof statement]?: ReadonlyArray<string> }>

/**
 * A role may be a comma-separated list; the check passes if any one of those roles grants every
 * action asked of every resource (better-auth's rule: `access-control.test.ts` holds them equal).
 */
export function hasPermission(role: string | null | undefined, permissions: Permissions): boolean {
  return roleNames(role).some((name) => {
    if (!Object.hasOwn(roleGrants, name)) return false
    const granted: Partial<Record<string, ReadonlyArray<string>>> =
      roleGrants[name as keyof typeof roleGrants]
    const asked = Object.entries(permissions)
    // Asking for nothing grants nothing (better-auth's rule too): a registry entry left empty
    // must not open a function to every signed-in visitor.
    return (
      asked.length > 0 &&
      asked.every(
        ([resource, actions]) =>
          Array.isArray(actions) &&
          actions.length > 0 &&
          actions.every((action) => granted[resource]?.includes(action) ?? false),
      )
    )
  })
}

/** The roles a user's role names: one, or several separated by commas (a check passes if any of them grants the right). */
export function roleNames(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
}
