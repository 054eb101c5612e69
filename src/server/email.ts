import '@tanstack/react-start/server-only'
import { SpanKind } from '@opentelemetry/api'
import { render } from '@react-email/render'
import nodemailer, { type Transporter } from 'nodemailer'
import { createElement } from 'react'

import { appConfig, type Language } from '@/app.config'
import { CodeEmail } from '~/features/email/code-email'
import { directionOf } from '~/lib/i18n'

import { keepMail } from './dev-mailbox'

import type { ServerEnv } from './env'
import { serverT } from './i18n'
import { traced } from './tracing'
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

/** What a code is for, and its e-mail's texts in the `email` namespace. */
const purposes = {
  'sign-in': { template: 'loginCode', label: 'Sign-in code' },
  'change-email': { template: 'changeEmailCode', label: 'E-mail change code' },
  'delete-account': { template: 'deleteAccountCode', label: 'Account deletion code' },
} as const
export type CodePurpose = keyof typeof purposes
export const codePurposes = Object.keys(purposes) as CodePurpose[]

/** A code's e-mail in the visitor's language: subject, HTML and plain text. */
export async function codeEmail(
  options: { code: string; lng: Language; purpose: CodePurpose },
  expiryMinutes: number,
) {
  const { template } = purposes[options.purpose]
  const t = serverT(options.lng, 'email')
  const values = { code: options.code, count: expiryMinutes, product: appConfig.productName }
  const subject = t(`${template}.subject`, values)
  const html = await render(
    createElement(CodeEmail, {
      lang: options.lng,
      dir: directionOf(options.lng),
      product: appConfig.productName,
      code: options.code,
      texts: {
        preview: subject,
        heading: t(`${template}.heading`, values),
        intro: t(`${template}.intro`, values),
        expires: t('common.expires', values),
        notYou: t(`${template}.notYou`, values),
        footer: t('common.footer', values),
      },
    }),
  )
  return { subject, html, text: t(`${template}.text`, values) }
}

/**
 * Sends a one-time code in the visitor's language. Without SMTP, which only development allows,
 * the e-mail goes to /dev/mail and the code to the console; otherwise no code is ever logged.
 */
export async function sendCode(
  env: MailEnv,
  options: { to: string; code: string; lng: Language; purpose: CodePurpose },
) {
  const { label } = purposes[options.purpose]
  const mail = await codeEmail(options, env.AUTH_CODE_EXPIRY_MINUTES)
  if (!env.SMTP_URL) {
    keepMail({ to: options.to, ...mail })
    console.log(`\n  ✉  ${label} for ${options.to}: ${options.code} (the e-mail: /dev/mail)\n`)
    return
  }
  const server = new URL(env.SMTP_URL)
  await traced(
    'SMTP send',
    { 'server.address': server.hostname, 'server.port': Number(server.port) || 25 },
    () => smtp(env.SMTP_URL).sendMail({ from: env.EMAIL_FROM, to: options.to, ...mail }),
    SpanKind.CLIENT,
  )
  logger.info(`${label} sent`, { to: options.to })
}
