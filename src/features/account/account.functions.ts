import { createServerFn } from '@tanstack/react-start'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'
import { updateUserRecord } from '~/server/auth'

import { zNameUpdate } from './schema'

/** The signed-in person's own name. */
export const putName = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('account--putName')])
  .validator(validateInput(zNameUpdate))
  .handler(async ({ data, context }) => {
    await updateUserRecord(context.session.user.id, { name: data.name })
    return { name: data.name }
  })
