import { z } from 'zod'

import { roles } from '@/app.config'
import { zEmail, zName } from '~/features/auth/schema'

/** Messages are translation keys, namespace included, so any form can show them. */
export const zUserInput = z.object({
  name: zName,
  email: zEmail,
  role: z.enum(roles, { error: 'user:validation.roleInvalid' }),
})
export type UserInput = z.input<typeof zUserInput>

export const zUserId = z.object({ id: z.string().min(1).max(64) })

export const zUserUpdate = zUserId.extend({ user: zUserInput })

export const zUserListInput = z.object({
  searchTerm: z.string().trim().max(100).default(''),
  cursor: z.string().max(500).optional(),
})

/** A ban: why, and until when (a day, inclusive) or for good. */
export const zBanInput = zUserId.extend({
  reason: z.string().trim().min(1, { error: 'user:validation.banReasonRequired' }).max(200),
  until: z.iso
    .date({ error: 'user:validation.banUntilInvalid' })
    .refine((day) => new Date(`${day}T23:59:59.999Z`).getTime() > Date.now(), {
      error: 'user:validation.banUntilPast',
    })
    .optional(),
})
export type BanInput = z.input<typeof zBanInput>

export const zSessionRef = zUserId.extend({ sessionId: z.string().min(1).max(64) })
