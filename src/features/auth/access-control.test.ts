import { describe, expect, it } from 'vitest'

import { rolesPermissions } from './access-control'
import { hasPermission, type Permissions, statement } from './permissions'

const roles = Object.keys(rolesPermissions) as Array<keyof typeof rolesPermissions>
const singleRights = Object.entries(statement).flatMap(([resource, actions]) =>
  actions.map((action) => ({ [resource]: [action] }) as Permissions),
)

describe('hasPermission, which the browser and the server functions use', () => {
  it.each(roles)('grants the %s role exactly what better-auth grants it, right by right', (role) => {
    for (const permissions of singleRights) {
      expect({ permissions, granted: hasPermission(role, permissions) }).toEqual({
        permissions,
        granted: rolesPermissions[role].authorize(permissions).success,
      })
    }
  })

  it.each(roles)('and for requests of several resources and actions at once (%s)', (role) => {
    const requests: Permissions[] = [
      statement,
      { apps: ['app'], book: ['read'], genre: ['read'], account: ['update'] },
      { apps: ['manager'], session: ['list'] },
      { book: ['read', 'create'] },
      { user: ['list', 'ban'], session: ['revoke'] },
    ] as Permissions[]
    for (const permissions of requests) {
      expect(hasPermission(role, permissions)).toBe(rolesPermissions[role].authorize(permissions).success)
    }
  })

  it.each(roles)('and grants nothing for a request of nothing or of an unknown resource (%s)', (role) => {
    const requests = [
      {},
      { book: [] },
      { library: ['read'] },
      { book: undefined },
    ] as unknown as Permissions[]
    for (const permissions of requests) {
      expect(hasPermission(role, permissions)).toBe(false)
      // better-auth refuses some of these by throwing, which counts as a refusal.
      const granted = (() => {
        try {
          return rolesPermissions[role].authorize(permissions).success
        } catch {
          return false
        }
      })()
      expect(granted).toBe(false)
    }
  })
})
