import { z } from 'zod'

import { zEmail, zName } from '~/features/auth/schema'

export const zNameUpdate = z.object({ name: zName })

export const zEmailChange = z.object({ newEmail: zEmail })

export const zAccountSearch = z.object({
  state: z.enum(['', 'change-name']).catch('').default(''),
  /** The address a code was sent to, while it is being entered. */
  newEmail: z.string().trim().max(254).catch('').default(''),
})
/** Left out of the address when they hold these values. */
export const accountSearchDefaults = { state: '', newEmail: '' } as const

export type AccountSearch = z.output<typeof zAccountSearch>
