import { z } from 'zod/mini'

import { isRole, roles } from '@/app.config'
import { roleNames } from '~/features/auth/permissions'
import { zEmail, zName } from '~/features/auth/schema'
import { limits, maxChars, zId } from '~/lib/limits'
import { type ListView, listView } from '~/lib/search-params'

/** Messages are translation keys, namespace included, so any form can show them. */
export const zUserInput = z.object({
  name: zName,
  email: zEmail,
  // One of Folio's roles, or several separated by commas, each named once.
  role: z.string().check(
    z.refine(
      (value) => {
        const names = roleNames(value)
        return names.length > 0 && new Set(names).size === names.length && names.every(isRole)
      },
      { error: 'user:validation.roleInvalid' },
    ),
  ),
})
export type UserInput = z.input<typeof zUserInput>

export const zUserId = z.object({ id: zId })

export const zUserUpdate = z.extend(zUserId, { user: zUserInput })

/** How recently a person signed in, as the users' list filters it: within 7, 30 or 90 days. */
export const seenWithin = { '7d': 7, '30d': 30, '90d': 90 } as const

/** The users' list: sorted by name or when they joined; filtered by role, status and last sign-in. */
export const userList = listView(['name', 'createdAt'], {
  role: z.enum(roles),
  status: z.enum(['active', 'banned']),
  seen: z.enum(Object.keys(seenWithin) as [keyof typeof seenWithin]),
})
export type UserListView = ListView<typeof userList>

/** A ban: why, and until when (a day, inclusive) or for good. */
export const zBanInput = z.extend(zUserId, {
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'user:validation.banReasonRequired' }),
      maxChars(limits.banReason),
    ),
  until: z.optional(
    z.iso.date({ error: 'user:validation.banUntilInvalid' }).check(
      z.refine((day) => new Date(`${day}T23:59:59.999Z`).getTime() > Date.now(), {
        error: 'user:validation.banUntilPast',
      }),
    ),
  ),
})
export type BanInput = z.input<typeof zBanInput>

export const zSessionRef = z.extend(zUserId, {
  sessionId: zId,
})
