/**
 * The one access-control table (SPEC §6), declared with better-auth's access control. It holds
 * no secret: the server enforces it and the browser imports it to hide what the server refuses.
 */
import { createAccessControl } from 'better-auth/plugins/access'

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

export const ac = createAccessControl(statement)

export const rolesPermissions = {
  // Every right of the statement: SPEC §6's, plus user: get, update and set-email (editing a
  // user's name and e-mail) and genre: create (from the book form).
  admin: ac.newRole(statement),
  user: ac.newRole({
    account: ['update'],
    apps: ['app'],
    book: ['read'],
    genre: ['read'],
  }),
}

export type Permissions = {
  [Resource in keyof typeof statement]?: Array<(typeof statement)[Resource][number]>
}

/** A role may be a comma-separated list; the check passes if any one of those roles grants it all. */
export function hasPermission(role: string | null | undefined, permissions: Permissions): boolean {
  return (role ?? '')
    .split(',')
    .map((name) => name.trim())
    .some((name) => {
      const granted = rolesPermissions[name as keyof typeof rolesPermissions]
      return granted?.authorize(permissions).success ?? false
    })
}
