import { z } from 'zod'

import { appConfig } from '@/app.config'

/** Messages are translation keys, namespace included, so any form can show them. */
export const zEmail = z
  .string()
  .trim()
  .min(1, { error: 'auth:validation.emailRequired' })
  .pipe(z.email({ error: 'auth:validation.emailInvalid' }))

export const zCode = z
  .string()
  .trim()
  .min(1, { error: 'auth:validation.codeRequired' })
  .regex(/^\d*$/, { error: 'auth:validation.codeInvalid' })
  .length(appConfig.auth.codeLength, { error: 'auth:validation.codeLength' })

/** A person's name: some letters, no control characters. */
export const zName = z
  .string()
  .trim()
  .min(1, { error: 'auth:validation.nameRequired' })
  .max(100, { error: 'auth:validation.nameInvalid' })
  .regex(/^[^\p{Cc}\p{Cf}<>]*\p{L}[^\p{Cc}\p{Cf}<>]*$/u, { error: 'auth:validation.nameInvalid' })

export const zLoginForm = z.object({ email: zEmail })
export const zOnboardingForm = z.object({ name: zName })
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
