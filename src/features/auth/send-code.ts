import { authCall } from './auth-call'
import type { CaptchaState } from './captcha'
import { recordCodeSent } from './code-attempts'

/** Asks for a sign-in code, with the captcha token if there is one; the token is then spent. */
export async function sendCode(email: string, captcha: CaptchaState) {
  const result = await authCall((client) =>
    client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }, { headers: captcha.headers() }),
  )
  captcha.reset()
  if (!result.error) recordCodeSent(email)
  return result
}
