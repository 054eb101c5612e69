import '@tanstack/react-start/server-only'
import nodemailer, { type Transporter } from 'nodemailer'

import type { Language } from '@/app.config'

import { serverEnv } from './env'
import { serverT } from './i18n'
import { logger } from './logger'

let transport: Transporter | undefined

function smtp(url: string) {
  transport ??= nodemailer.createTransport(url)
  return transport
}

/** Sends the sign-in code in the visitor's language; without SMTP (development) prints it instead. */
export async function sendLoginCode(options: {
  to: string
  code: string
  lng: Language
  expiresInMinutes: number
}) {
  const env = serverEnv()
  if (!env.SMTP_URL) {
    // Only reachable outside production: the environment check requires SMTP_URL there.
    console.log(`\n  ✉  Login code for ${options.to}: ${options.code}\n`)
    return
  }
  const t = serverT(options.lng, 'email')
  const values = { code: options.code, minutes: options.expiresInMinutes, product: 'Folio' }
  await smtp(env.SMTP_URL).sendMail({
    from: env.EMAIL_FROM,
    to: options.to,
    subject: t('loginCode.subject', values),
    text: t('loginCode.text', values),
  })
  logger.info('Login code sent', { to: options.to })
}
