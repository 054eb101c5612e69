import { z } from 'zod'

import { appConfig } from '@/app.config'

/** Messages are translation keys of the `auth` namespace. */
export const zEmail = z
  .string()
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .pipe(z.email({ error: 'validation.emailInvalid' }))

export const zCode = z
  .string()
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .regex(/^\d*$/, { error: 'validation.codeInvalid' })
  .length(appConfig.auth.codeLength, { error: 'validation.codeLength' })

export const zLoginForm = z.object({ email: zEmail })
export const zVerifyForm = z.object({ code: zCode })

/** The first message for each field, ready for `t()`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}
