import { describe, expect, it } from 'vitest'

import { managerNavigation } from './navigation'

const entriesOf = (role: string) =>
  managerNavigation(role).map((group) => [group.key ?? '', group.entries.map((entry) => entry.to)])

describe("the manager's sidebar", () => {
  it('shows the admin every entry, grouped under Application and Configuration', () => {
    expect(entriesOf('admin')).toEqual([
      ['nav.application', ['/manager/dashboard', '/manager/books']],
      ['nav.configuration', ['/manager/users']],
      ['', ['/manager/account']],
    ])
  })

  it('gates each entry by its right: without user: list there is no Users and no Configuration', () => {
    expect(entriesOf('user')).toEqual([
      ['nav.application', ['/manager/books']],
      ['', ['/manager/account']],
    ])
    expect(entriesOf('nobody')).toEqual([])
  })
})
