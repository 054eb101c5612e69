import type { LinkProps } from '@tanstack/react-router'
import { BookOpen, CircleUser, History, LayoutDashboard, type LucideIcon, Users } from 'lucide-react'

import { hasPermission, type Permissions } from '~/features/auth/permissions'

type Entry = {
  to: LinkProps['to']
  /** The entry's label, a key of the `common` namespace. */
  key: string
  icon: LucideIcon
  needs?: Permissions
}

const groups: Array<{ key?: string; entries: Entry[] }> = [
  {
    key: 'areas:nav.application',
    entries: [
      {
        to: '/manager/dashboard',
        key: 'areas:nav.dashboard',
        icon: LayoutDashboard,
        needs: { apps: ['manager'] },
      },
      { to: '/manager/books', key: 'areas:nav.books', icon: BookOpen, needs: { book: ['read'] } },
      // pnpm new:entity adds each entity's list here.
    ],
  },
  {
    key: 'areas:nav.configuration',
    entries: [
      { to: '/manager/users', key: 'areas:nav.users', icon: Users, needs: { user: ['list'] } },
      { to: '/manager/activity', key: 'areas:nav.activity', icon: History, needs: { activity: ['read'] } },
    ],
  },
  {
    entries: [
      { to: '/manager/account', key: 'areas:nav.account', icon: CircleUser, needs: { account: ['update'] } },
    ],
  },
]

/** The sidebar for a role: each entry only with its right, and no group left empty. */
export function managerNavigation(role: string | null | undefined) {
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => !entry.needs || hasPermission(role, entry.needs)),
    }))
    .filter((group) => group.entries.length > 0)
}
