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

/**
 * Sends the sign-in code in the visitor's language. Without SMTP (development only: production
 * requires SMTP_URL) it prints the code in the console instead; otherwise no code is ever logged.
 */
export async function sendLoginCode(env: MailEnv, options: { to: string; code: string; lng: Language }) {
  if (!env.SMTP_URL) {
    console.log(`\n  ✉  Sign-in code for ${options.to}: ${options.code}\n`)
    return
  }
  const t = serverT(options.lng, 'email')
  const values = { code: options.code, count: env.AUTH_CODE_EXPIRY_MINUTES, product: appConfig.productName }
  await smtp(env.SMTP_URL).sendMail({
    from: env.EMAIL_FROM,
    to: options.to,
    subject: t('loginCode.subject', values),
    text: t('loginCode.text', values),
  })
  logger.info('Sign-in code sent', { to: options.to })
}
