import { expect, test } from '@playwright/test'

import { codeOf } from '~/test/mailbox'

import { uniqueEmail, waitForHydration, waitForMail } from './support/fixtures'

test('a sign-in code asked for in Arabic comes over SMTP as an HTML e-mail, right to left, with a text part', async ({
  page,
}) => {
  const email = uniqueEmail('html-mail')
  await page.goto('/login?lng=ar')
  await waitForHydration(page)
  await page.getByRole('textbox').fill(email)
  // A click waits for the button, which is disabled until its part of the page runs; Enter in the
  // field would submit nothing while the form's button is still disabled.
  await page.getByRole('button', { name: 'المتابعة بالبريد الإلكتروني' }).click()
  // The page moves on once the code is sent: wait for the mail first, as sign-in does.
  const mail = await waitForMail(email)
  await expect(page).toHaveURL(/\/login\/verify/)
  expect(mail.contentType).toBe('multipart/alternative')
  expect(mail.html).toMatch(/<html[^>]* lang="ar"/)
  expect(mail.html).toMatch(/<html[^>]* dir="rtl"/)
  expect(mail.html).toContain(`>${codeOf(mail)}</`)
  expect(mail.text).toContain(codeOf(mail))
})

test('the development mailbox does not exist in production', async ({ request }) => {
  expect((await request.get('/dev/mail')).status()).toBe(404)
  expect((await request.get('/dev/mail?id=1&part=text')).status()).toBe(404)
})
