import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'

import { codeOf, type Mail } from '~/test/mailbox'

import { harness } from './harness-config'

export function uniqueEmail(label = 'visitor') {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}

/** The newest e-mail to `to` received after the given one, read from the harness's mailbox. */
export async function waitForMail(to: string, after?: Mail): Promise<Mail> {
  let mail: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${harness.mailboxUrl}/?to=${encodeURIComponent(to)}`)
        mail = response.ok ? ((await response.json()) as Mail) : undefined
        return mail && (!after || mail.index > after.index)
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return mail as Mail
}

export async function latestMail(to: string): Promise<Mail | undefined> {
  const response = await fetch(`${harness.mailboxUrl}/?to=${encodeURIComponent(to)}`)
  return response.ok ? ((await response.json()) as Mail) : undefined
}

/** Signs in through the real pages with the code from the real e-mail. */
export async function signInThroughUi(page: Page, email: string, options: { from?: string } = {}) {
  const before = await latestMail(email)
  if (options.from !== undefined) await page.goto(options.from)
  else await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/verify/)
  const code = codeOf(await waitForMail(email, before))
  // The code input submits by itself once all six digits are in.
  await page.getByLabel('Code').fill(code)
}

/** A new visitor: signs in with a fresh address and completes onboarding with `name`. */
export async function signUpThroughUi(page: Page, options: { email?: string; name?: string } = {}) {
  const email = options.email ?? uniqueEmail()
  const name = options.name ?? 'Ada Lovelace'
  await signInThroughUi(page, email)
  await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible()
  await page.getByLabel('What is your name?').fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  // Wait for the page to move on, because navigating earlier would cancel the request.
  await expect(page).not.toHaveURL(/\/onboarding/)
  return { email, name }
}

/**
 * Waits for hydration. Before it, clicks, typing, keys and hovers can be lost because their
 * handlers are not attached yet.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated')
}

/**
 * Collects the hydration errors React reports while a page loads: in the console (its production
 * build names a mismatch by its error number), or as an uncaught error after it re-renders the
 * page in the browser.
 */
export function watchHydration(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      /hydrat|did not match|react\.dev\/errors\/4(18|23|25)/i.test(message.text())
    )
      errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Two clicks before the page can redraw, like a very fast double click. */
export async function clickTwiceAtOnce(button: Locator) {
  // Wait as a click would, because a Button is disabled until hydration.
  await expect(button).toBeVisible()
  await expect(button).toBeEnabled()
  // Both clicks run in one task, because a click that loads a new page could otherwise lose the
  // evaluation's answer on a slow machine.
  await button.evaluate((element: HTMLElement) => {
    setTimeout(() => {
      element.click()
      element.click()
    })
  })
}

/** The requests the page makes from now on to a URL that contains `path`. */
export function requestsTo(page: Page, path: string) {
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(path)) requests.push(request.url())
  })
  return requests
}

/** The calls the page makes to a server function from now on. */
export const callsTo = (page: Page, fn: string) => requestsTo(page, `/api/fn/${fn}`)

/** The links of a page's items: a manager list's rows (a table) or the app's cards (a list). */
export const itemLinks = (page: Page) =>
  page.getByRole('main').getByRole('table').or(page.getByRole('main').getByRole('list')).getByRole('link')

/** The first item's link of the list on the page. */
export const firstItemLink = (page: Page) => itemLinks(page).first()

/** A detail page's '…' menu, beside its primary action in the page bar. */
export const pageMenuButton = (page: Page) => page.locator('[data-page-bar] button[aria-haspopup="menu"]')

/** Picks `name` from a detail page's '…' menu (Delete, Ban, Impersonate…). */
export async function chooseOnPage(page: Page, name: string) {
  await pageMenuButton(page).click()
  await page.getByRole('menuitem', { name, exact: true }).click()
}

/** A plain JPEG of one colour, as a camera might send for a cover (2:3 by default). */
export const jpegPhoto = (colour: string, width = 400, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
