import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { languages } from '@/app.config'
import { type Mailbox, startMailbox } from '~/test/mailbox'

import { keptMails } from './dev-mailbox'
import { codeEmail, codePurposes, sendCode } from './email'
import { serverT } from './i18n'

const env = { EMAIL_FROM: 'Folio <no-reply@example.com>', AUTH_CODE_EXPIRY_MINUTES: 5 }
const templates = {
  'sign-in': 'loginCode',
  'change-email': 'changeEmailCode',
  'delete-account': 'deleteAccountCode',
}

describe("the codes' e-mails", () => {
  for (const lng of languages)
    it(`are written in ${lng}, in its direction, with the code, its expiry and what to do if unasked`, async () => {
      const t = serverT(lng, 'email')
      for (const purpose of codePurposes) {
        const mail = await codeEmail({ code: '482915', lng, purpose }, 5)
        expect(mail.html).toMatch(new RegExp(`<html[^>]* lang="${lng}"`))
        expect(mail.html).toMatch(new RegExp(`<html[^>]* dir="${lng === 'ar' ? 'rtl' : 'ltr'}"`))
        expect(mail.html).toContain('>482915</')
        const heading = t(`${templates[purpose]}.heading`)
        expect(mail.html).toContain(heading)
        expect(mail.html).toContain(t('common.expires', { count: 5 }))
        // The plain-text part has the same code and expiry.
        expect(mail.text).toContain('482915')
        expect(mail.subject).toContain('482915')
      }
    })

  it('are sent over SMTP as multipart/alternative, an HTML and a text part', async () => {
    const to = `mail-${crypto.randomUUID()}@example.com`
    await sendCode(
      { ...env, SMTP_URL: mailbox.smtpUrl },
      { to, code: '130524', lng: 'ar', purpose: 'sign-in' },
    )
    const mail = await mailbox.waitFor(to)
    expect(mail.contentType).toBe('multipart/alternative')
    expect(mail.html).toContain('dir="rtl"')
    expect(mail.html).toContain('>130524</')
    expect(mail.text).toContain('130524')
  })

  it('are kept for the development mailbox when there is no SMTP', async () => {
    const to = `kept-${crypto.randomUUID()}@example.com`
    await sendCode({ ...env, SMTP_URL: '' }, { to, code: '771203', lng: 'fr', purpose: 'change-email' })
    const [newest] = keptMails()
    expect(newest).toMatchObject({ to })
    expect(newest?.html).toContain('lang="fr"')
    expect(newest?.text).toContain('771203')
  })
})

let mailbox: Mailbox
beforeAll(async () => {
  mailbox = await startMailbox()
})
afterAll(() => mailbox.close())
