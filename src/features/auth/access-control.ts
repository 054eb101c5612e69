import { createAccessControl } from 'better-auth/plugins/access'

import { roleGrants, statement } from './permissions'

/** The access-control table in better-auth's terms, for its admin plugin (server and client). */
export const ac = createAccessControl(statement)

export const rolesPermissions = {
  admin: ac.newRole(roleGrants.admin),
  user: ac.newRole(roleGrants.user),
}
