/**
 * The access-control table. It holds no secret: the server enforces it, and the browser uses it to
 * hide what the server would refuse.
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
  // The activity log: who changed what, when and from where.
  activity: ['read'],
  // pnpm new:entity adds each entity's rights here.
} as const

export type Permissions = {
  [Resource in keyof typeof statement]?: Array<(typeof statement)[Resource][number]>
}

export const roleGrants = {
  // The product's rights plus user get, update and set-email (editing a user) and genre create
  // (from the book form).
  admin: statement,
  user: {
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
    // pnpm new:entity lets users read each entity here.
  },
} as const satisfies Record<string, { [Resource in keyof typeof statement]?: ReadonlyArray<string> }>

/**
 * Whether a role grants every action asked. A role may be a comma-separated list, and passes if any
 * one of them grants it all, as better-auth decides.
 */
export function hasPermission(role: string | null | undefined, permissions: Permissions): boolean {
  return roleNames(role).some((name) => {
    if (!Object.hasOwn(roleGrants, name)) return false
    const granted: Partial<Record<string, ReadonlyArray<string>>> =
      roleGrants[name as keyof typeof roleGrants]
    const asked = Object.entries(permissions)
    // Asking for nothing grants nothing, so an empty registry entry cannot open a function to everyone.
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

/** The roles in a user's role field, which may list several separated by commas. */
export function roleNames(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
}
