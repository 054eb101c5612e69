import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod/mini'

import { useBusy } from '~/lib/use-busy'
import { useCountdown } from '~/lib/use-countdown'

import { authErrorKey } from './auth-call'
import { recordWrongTry } from './code-attempts'
import { zVerifyForm } from './schema'

/** A refused better-auth client call, as `authCall` returns it. */
export type AuthFailure = NonNullable<Parameters<typeof authErrorKey>[0]> & { retryAfter?: number }

/** What went wrong with the last try. */
type Problem =
  | { kind: 'message'; key: string }
  /** A wrong code, with the tries it has left. */
  | { kind: 'wrong'; left: number }
  /** The code can no longer be used: a new one is needed. */
  | { kind: 'spent' }
  /** Too many tries from here for a while: the page counts down the wait. */
  | { kind: 'wait' }

const wrongTry = (left: number): Problem => (left > 0 ? { kind: 'wrong', left } : { kind: 'spent' })

/**
 * Entering a code e-mailed to `address`. `verify` checks the format, then runs `attempt`, which
 * returns the auth error or null. Failures report tries left, `spent` when a new code is needed,
 * or `waiting` with a countdown after a rate limit.
 */
export function useCodeVerification(address: string, attempt: (code: string) => Promise<AuthFailure | null>) {
  const { t } = useTranslation(['auth', 'errors'])
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<Problem>()
  const [notice, setNotice] = useState<string>()
  const busy = useBusy()
  const wait = useCountdown()
  const waiting = problem?.kind === 'wait' && (wait.left ?? 0) > 0

  async function verify(value: string) {
    if (waiting) return
    const parsed = z.safeParse(zVerifyForm, { code: value })
    if (!parsed.success) return setProblem({ kind: 'message', key: parsed.error.issues[0]?.message ?? '' })
    if (!busy.start()) return
    setProblem(undefined)
    setNotice(undefined)
    const error = await attempt(parsed.data.code)
    busy.done()
    if (!error) return
    const next: Problem =
      error.status === 429
        ? { kind: 'wait' }
        : error.code === 'INVALID_OTP'
          ? wrongTry(recordWrongTry(address))
          : error.code === 'TOO_MANY_ATTEMPTS'
            ? { kind: 'spent' }
            : { kind: 'message', key: authErrorKey(error) }
    if (next.kind === 'wait') wait.start(error.retryAfter ?? 60)
    // A wrong code stays so it can be corrected; digits that cannot be tried now are cleared.
    if (next.kind === 'wait' || next.kind === 'spent') setCode('')
    setProblem(next)
  }

  const message =
    problem?.kind === 'message'
      ? t(problem.key)
      : problem?.kind === 'wrong'
        ? t('verify.wrong', { count: problem.left })
        : problem?.kind === 'spent'
          ? t('verify.spent')
          : waiting
            ? t('verify.wait', { count: wait.left ?? 0 })
            : undefined

  return {
    code,
    setCode,
    /** The last try's message, for the code field. */
    message,
    /** The code can no longer be used, so the page offers a new one. */
    spent: problem?.kind === 'spent',
    /** A rate-limit wait is under way, and nothing can be tried until it ends. */
    waiting,
    /** A message from another step, such as asking for a new code. */
    setMessage: (key: string | undefined) => setProblem(key ? { kind: 'message', key } : undefined),
    /** A new code was sent, which clears the old code's state. */
    newCodeSent: (sentNotice: string) => {
      setCode('')
      setProblem(undefined)
      setNotice(sentNotice)
    },
    notice,
    busy,
    verify,
  }
}
