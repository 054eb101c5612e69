import { describe, expect, it } from 'vitest'

import { hasPermission, roleGrants } from '~/features/auth/permissions'

import { managerNavigation } from './navigation'

const entriesOf = (role: string) => managerNavigation(role).flatMap((group) => group.entries)

describe("the manager's sidebar", () => {
  it('shows the admin every entry, with the dashboard first and the account last', () => {
    const all = entriesOf('admin').map((entry) => entry.to)
    expect(all[0]).toBe('/manager/dashboard')
    expect(all.at(-1)).toBe('/manager/account')
    expect(new Set(all).size).toBe(all.length)
  })

  it('gates each entry by its right, and leaves no group empty', () => {
    const everything = entriesOf('admin')
    for (const role of [...Object.keys(roleGrants), 'nobody']) {
      const shown = entriesOf(role)
      expect(shown).toEqual(everything.filter((entry) => !entry.needs || hasPermission(role, entry.needs)))
      for (const group of managerNavigation(role)) expect(group.entries.length).toBeGreaterThan(0)
    }
    // Without user: list there is no Users entry, and so no Configuration group.
    expect(entriesOf('user').map((entry) => entry.to)).not.toContain('/manager/users')
    expect(managerNavigation('user').map((group) => group.key)).not.toContain('areas:nav.configuration')
    expect(entriesOf('nobody')).toEqual([])
  })
})
