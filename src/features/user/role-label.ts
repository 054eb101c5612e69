import type { TFunction } from 'i18next'

import { roleNames } from '~/features/auth/permissions'

/** A user's role as the back office shows it: each of its roles translated, 'Admin, User'. */
export function roleLabel(t: TFunction, role: string) {
  return roleNames(role)
    .map((name) => t(`common:roles.${name}`, name))
    .join(', ')
}
