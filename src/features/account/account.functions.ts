import { createServerFn } from '@tanstack/react-start'
import { eq } from 'drizzle-orm'

import { authorizeFunction } from '~/features/auth/require-permission'
import { validateInput } from '~/lib/validate-input'
import { db } from '~/server/database'
import { schema } from '~/server/db'

import { zNameUpdate } from './schema'

/** The signed-in person's own name. */
export const putName = createServerFn({ method: 'POST' })
  .middleware([authorizeFunction('account--putName')])
  .validator(validateInput(zNameUpdate))
  .handler(async ({ data, context }) => {
    await (
      await db()
    )
      .update(schema.user)
      .set({ name: data.name })
      .where(eq(schema.user.id, context.session.user.id))
    return { name: data.name }
  })
