import { z } from 'zod/mini'

import { appConfig } from '@/app.config'
import { limits, maxChars } from '~/lib/limits'

/** Messages are translation keys, namespace included, so any form can show them. */
export const zEmail = z.pipe(
  z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'auth:validation.emailRequired' }), maxChars(limits.email)),
  z.email({ error: 'auth:validation.emailInvalid' }),
)

export const zCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'auth:validation.codeRequired' }),
    z.regex(/^\d*$/, { error: 'auth:validation.codeInvalid' }),
    z.length(appConfig.auth.codeLength, { error: 'auth:validation.codeLength' }),
  )

/** A person's name: at least one letter and no control characters. */
export const zName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'auth:validation.nameRequired' }),
    maxChars(limits.name),
    z.regex(/^[^\p{Cc}\p{Cf}<>]*\p{L}[^\p{Cc}\p{Cf}<>]*$/u, { error: 'auth:validation.nameInvalid' }),
  )

export const zLoginForm = z.object({ email: zEmail })

/** The login page's search parameters: where to go after sign-in, and why the visitor was sent back. */
export const zLoginSearch = z.object({
  redirect: z._default(z.string(), ''),
  // Why the visitor was sent back, such as from /login/verify without a valid e-mail.
  notice: z.catch(z.optional(z.enum(['invalid_email'])), undefined),
})
export const zOnboardingForm = z.object({ name: zName })
export const zVerifyForm = z.object({ code: zCode })

/** The first message for each field, ready for `t()`. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}
