import { useState } from 'react'

import { useBusy } from '~/lib/use-busy'

import { authErrorKey } from './auth-call'
import { fieldErrors, zVerifyForm } from './schema'

type AuthFailure = NonNullable<Parameters<typeof authErrorKey>[0]>

/**
 * Entering an e-mailed code: the code, the messages and `busy` (one call at a time). `verify`
 * checks the code's form, then runs `attempt` with it, which does what follows a success itself
 * (busy until it is done) and returns the auth error of a failure (null for none): that error
 * becomes the code's message.
 */
export function useCodeVerification(attempt: (code: string) => Promise<AuthFailure | null>) {
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<string>()
  const busy = useBusy()

  async function verify(value: string) {
    const parsed = zVerifyForm.safeParse({ code: value })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    if (!busy.start()) return
    setErrors({})
    setNotice(undefined)
    const error = await attempt(parsed.data.code)
    busy.done()
    if (error) setErrors({ code: authErrorKey(error) })
  }

  return { code, setCode, errors, setErrors, notice, setNotice, busy, verify }
}
