import '@tanstack/react-start/server-only'
import nodemailer, { type Transporter } from 'nodemailer'

import { appConfig, type Language } from '@/app.config'

import type { ServerEnv } from './env'
import { serverT } from './i18n'
import { logger } from './logger'

const transports = new Map<string, Transporter>()

function smtp(url: string) {
  let transport = transports.get(url)
  if (!transport) {
    transport = nodemailer.createTransport(url)
    transports.set(url, transport)
  }
  return transport
}

type MailEnv = Pick<ServerEnv, 'SMTP_URL' | 'EMAIL_FROM' | 'AUTH_CODE_EXPIRY_MINUTES'>

/** What a code is for, and the texts of its e-mail in the `email` namespace. */
const purposes = {
  'sign-in': { template: 'loginCode', label: 'Sign-in code' },
  'change-email': { template: 'changeEmailCode', label: 'E-mail change code' },
  'delete-account': { template: 'deleteAccountCode', label: 'Account deletion code' },
} as const
export type CodePurpose = keyof typeof purposes
export const codePurposes = Object.keys(purposes) as CodePurpose[]

/**
 * Sends a one-time code in the visitor's language: to sign in, to confirm a new address, or to
 * delete one's account.
 * Without SMTP (development only: production requires SMTP_URL) it prints the code in the
 * console instead; otherwise no code is ever logged.
 */
export async function sendCode(
  env: MailEnv,
  options: { to: string; code: string; lng: Language; purpose: CodePurpose },
) {
  const { template, label } = purposes[options.purpose]
  if (!env.SMTP_URL) {
    console.log(`\n  ✉  ${label} for ${options.to}: ${options.code}\n`)
    return
  }
  const t = serverT(options.lng, 'email')
  const values = { code: options.code, count: env.AUTH_CODE_EXPIRY_MINUTES, product: appConfig.productName }
  await smtp(env.SMTP_URL).sendMail({
    from: env.EMAIL_FROM,
    to: options.to,
    subject: t(`${template}.subject`, values),
    text: t(`${template}.text`, values),
  })
  logger.info(`${label} sent`, { to: options.to })
}
