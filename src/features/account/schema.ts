import { z } from 'zod/mini'

import { zEmail, zName } from '~/features/auth/schema'
import { zSessionRef } from '~/features/user/schema'
import { limits, maxChars } from '~/lib/limits'

export const zNameUpdate = z.object({ name: zName })

export const zEmailChange = z.object({ newEmail: zEmail })

/** A passkey's name, to tell it from the others ('Work laptop'). */
export const zPasskeyName = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'account:passkeys.nameRequired' }), maxChars(limits.name)),
})

/** One of the signed-in person's own sessions. */
export const zOwnSessionRef = z.pick(zSessionRef, { sessionId: true })

export const zAccountSearch = z.object({
  state: z._default(z.catch(z.enum(['', 'change-name']), ''), ''),
  /** The address a code was sent to, while it is being entered. */
  newEmail: z._default(z.catch(z.string().check(z.trim(), z.maxLength(limits.email)), ''), ''),
})
/** Left out of the address when they hold these values. */
export const accountSearchDefaults = { state: '', newEmail: '' } as const

export type AccountSearch = z.output<typeof zAccountSearch>
