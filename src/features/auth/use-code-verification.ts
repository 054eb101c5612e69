import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod/mini'

import { useBusy } from '~/lib/use-busy'
import { useCountdown } from '~/lib/use-countdown'

import { authErrorKey } from './auth-call'
import { recordWrongTry } from './code-attempts'
import { zVerifyForm } from './schema'

/** A refused call of better-auth's client, as `authCall` returns it. */
export type AuthFailure = NonNullable<Parameters<typeof authErrorKey>[0]> & { retryAfter?: number }

/** What went wrong with the last try, as the page tells it. */
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
 * Entering an e-mailed code sent to `address`. `verify` checks the code's form, then runs
 * `attempt` with it, which does what follows a success itself (busy until it is done) and
 * returns the auth error of a failure (null for none). A failure says what it was: a wrong code and how many tries remain; the last try spent, and that a new code
 * is needed (`spent`); a rate limit, and how long to wait, counted down (`waiting`).
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
    // A wrong code stays, to be corrected; digits that cannot be tried now go.
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
    /** The last try's message, for the code's field. */
    message,
    /** The code can no longer be used: the page offers a new one instead. */
    spent: problem?.kind === 'spent',
    /** A rate limit's wait is under way: nothing can be tried until it ends. */
    waiting,
    /** A message of another step (asking for a new code), or none. */
    setMessage: (key: string | undefined) => setProblem(key ? { kind: 'message', key } : undefined),
    /** A new code has gone: the old one's problems are over. */
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
