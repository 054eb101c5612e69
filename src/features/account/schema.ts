import { z } from 'zod/mini'

import { zEmail, zName } from '~/features/auth/schema'
import { limits } from '~/lib/limits'

export const zNameUpdate = z.object({ name: zName })

export const zEmailChange = z.object({ newEmail: zEmail })

export const zAccountSearch = z.object({
  state: z._default(z.catch(z.enum(['', 'change-name']), ''), ''),
  /** The address a code was sent to, while it is being entered. */
  newEmail: z._default(z.catch(z.string().check(z.trim(), z.maxLength(limits.email)), ''), ''),
})
/** Left out of the address when they hold these values. */
export const accountSearchDefaults = { state: '', newEmail: '' } as const

export type AccountSearch = z.output<typeof zAccountSearch>
