import { z } from 'zod'

import { zName } from '~/features/auth/schema'

export const zNameUpdate = z.object({ name: zName })

export const zAccountSearch = z.object({
  state: z.enum(['', 'change-name']).catch('').default(''),
})
