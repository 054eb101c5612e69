/** Languages, right to left, and themes without a flash. */
import { expect, type Locator, type Page, test } from '@playwright/test'
import { readFileSync } from 'node:fs'

import { appConfig, type Language, languages } from '@/app.config'
import { isolate } from '~/lib/interpolation'
import { codeOf } from '~/test/mailbox'

import { callAuthRoute, seededCookie } from './support/auth-api'
import { chooseOnPage, uniqueEmail, waitForHydration, waitForMail } from './support/fixtures'
import { harness } from './support/harness-config'
import { storageStateOf } from './support/roles'
import { callServerFn, resultOf } from './support/server-fn'

type Texts = Record<string, Record<string, string>>
const texts = (lng: Language, ns: string) =>
  JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Texts

function watchHydration(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text()))
      problems.push(message.text())
  })
  return problems
}

test.describe('sign-in, onboarding and the catalogue in each language', () => {
  for (const lng of languages)
    test(lng, async ({ page }, testInfo) => {
      const auth = texts(lng, 'auth')
      const hydration = watchHydration(page)
      const email = uniqueEmail(`lang-${lng}`)
      await page.goto(`/login?lng=${lng}`)
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr')
      await expect(page.getByRole('heading', { name: auth.login?.titleSignUp })).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`login-${lng}.png`), fullPage: true })
      await page.getByLabel(auth.login?.emailLabel ?? '').fill(email)
      await page.getByRole('button', { name: auth.login?.continueWithEmail }).click()
      await page.getByLabel(auth.verify?.codeLabel ?? '').fill(codeOf(await waitForMail(email)))
      await expect(page.getByRole('heading', { name: auth.onboarding?.title, exact: true })).toBeVisible()
      await page.getByLabel(auth.onboarding?.nameLabel ?? '').fill('Amina Juma')
      await page.getByRole('button', { name: auth.onboarding?.submit }).click()
      await expect(page).toHaveURL(/\/app$/)
      await page.goto('/app/books')
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      await expect(
        page.getByRole('heading', { name: texts(lng, 'book').list?.title, level: 1 }),
      ).toBeVisible()
      expect(hydration).toEqual([])
    })
})

test.describe("the manager's catalogue in each language", () => {
  test.use({ storageState: storageStateOf('admin') })
  for (const lng of languages)
    test(lng, async ({ page }, testInfo) => {
      await page.goto(`/manager/books?lng=${lng}`)
      await expect(
        page.getByRole('heading', { name: texts(lng, 'book').list?.title, level: 1 }),
      ).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: testInfo.outputPath(`manager-books-${lng}.png`), fullPage: true })
      if (lng === 'ar') {
        // Right to left, the sidebar sits on the right and the text is scaled up, not the rem.
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
        const fontSize = await page.getByRole('main').evaluate((main) => getComputedStyle(main).fontSize)
        expect(Number.parseFloat(fontSize)).toBeCloseTo(14 * (appConfig.i18n.fontScale.ar ?? 1), 1)
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px')
        const sidebar = await page.locator('#manager-sidebar').boundingBox()
        const width = page.viewportSize()?.width ?? 0
        expect(sidebar?.x ?? 0).toBeGreaterThan(width / 2)
      }
    })
})

test.describe('the description search engines show under the title', () => {
  for (const lng of ['en', 'fr'] as const)
    test(`is in the page's language in the server's HTML (${lng})`, async ({ browser }) => {
      // Without JavaScript, as a crawler reads the page.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        storageState: { cookies: [], origins: [] },
      })
      const page = await context.newPage()
      await page.goto(`/login?lng=${lng}`)
      const description = page.locator('meta[name="description"]')
      await expect(description).toHaveCount(1)
      await expect(description).toHaveAttribute('content', texts(lng, 'common').meta?.description ?? '')
      await context.close()
    })
})

/** Holds the page's requests matching `pattern` until the returned function is called. */
async function heldBack(page: Page, pattern: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test.describe('detection: query string, cookie, then the browser’s languages', () => {
  test('the query string wins and is remembered in a cookie and local storage', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18next', value: 'sw', url: harness.baseUrl }])
    const hydration = watchHydration(page)
    await page.goto('/login?lng=fr')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { name: texts('fr', 'auth').login?.titleSignUp })).toBeVisible()
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value)
      .toBe('fr')
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'i18next')
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' })
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29)
    expect(days).toBeLessThanOrEqual(30.01)
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr')
    // Then the cookie alone decides the next page.
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    expect(hydration).toEqual([])
  })

  test('without either, the browser’s language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar-TZ', storageState: { cookies: [], origins: [] } })
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await context.close()
  })

  test('then local storage: a language remembered there, with no cookie, comes back and stays', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB', storageState: { cookies: [], origins: [] } })
    const page = await context.newPage()
    // As when the cookie has expired or was cleared, but the browser still remembers Swahili.
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'sw'))
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
    await expect(page.getByRole('heading', { name: texts('sw', 'auth').login?.titleSignUp })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('sw')
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value)
      .toBe('sw')
    await context.close()
  })

  test('an unknown language falls back to English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE', storageState: { cookies: [], origins: [] } })
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await context.close()
  })
})

test.describe('switching language on the account page', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('changes every text, the dates and the messages at once, without a reload, and is remembered', async ({
    page,
  }) => {
    // Hold back the language detector and the French texts until after French is chosen. The
    // choice must still be stored, and not be overwritten by the page's first language.
    const releaseDetector = await heldBack(page, '**/assets/i18nextBrowserLanguageDetector-*.js')
    const releaseFrench = await heldBack(page, '**/locales/fr/*.json')
    await page.addInitScript(() => localStorage.removeItem('i18nextLng'))
    await page.goto('/manager/account?lng=en')
    await waitForHydration(page)
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))
    await page.getByLabel('Language').selectOption('fr')
    releaseDetector()
    // The detector has run once it has stored a language.
    await page.waitForFunction(() => localStorage.getItem('i18nextLng') !== null)
    releaseFrench()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { name: 'Compte', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Compte · Folio')
    // Validation messages follow.
    await page.getByRole('button', { name: 'Modifier votre nom' }).click()
    const drawer = page.getByRole('dialog', { name: 'Modifier votre nom' })
    await drawer.getByLabel('Nom').fill('')
    await drawer.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(drawer.getByText(texts('fr', 'auth').validation?.nameRequired ?? '')).toBeVisible()
    await drawer.getByRole('button', { name: 'Annuler' }).click()
    // Dates follow too, on the dashboard, reached without a reload: told relative to now, exact on hover.
    await page.getByRole('link', { name: 'Tableau de bord' }).first().click()
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible()
    const latest = page.getByRole('region', { name: 'Connexions récentes' }).locator('time').first()
    await expect(latest).toHaveText(/maintenant|il y a/)
    const expected = new Intl.DateTimeFormat('fr', { month: 'short' }).format(new Date())
    await expect(latest).toHaveAttribute('title', new RegExp(expected.replace('.', '\\.')))
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
    // The next visit is rendered in French by the server.
    await page.goto('/manager/account')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { name: 'Compte', level: 1 })).toBeVisible()
    await waitForHydration(page)
    await page.getByLabel('Langue').selectOption('en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })

  test('a language local storage remembered gives way to the one chosen', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB', storageState: storageStateOf('admin') })
    // As when the cookie has expired or was cleared, but the browser still remembers Swahili.
    await context.clearCookies({ name: appConfig.i18n.cookie.name })
    const page = await context.newPage()
    await page.addInitScript(() => {
      localStorage.setItem('i18nextLng', 'sw')
      // Every language the page shows, in order.
      const shown: string[] = ((window as { shown?: string[] }).shown = [])
      new MutationObserver(() => shown.push(document.documentElement.lang)).observe(document, {
        attributes: true,
        attributeFilter: ['lang'],
        subtree: true,
      })
    })
    await page.goto('/manager/account')
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
    await waitForHydration(page)
    await page.getByLabel(String(texts('sw', 'common').language)).selectOption('fr')
    await expect(page).toHaveTitle('Compte · Folio')
    // After two frames the page must still be French; stale Swahili data would show by then.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    const shown = await page.evaluate(() => (window as { shown?: string[] }).shown ?? [])
    expect(shown.slice(shown.indexOf('fr'))).not.toContain('sw')
    expect(
      (await context.cookies()).find((cookie) => cookie.name === appConfig.i18n.cookie.name)?.value,
    ).toBe('fr')
    await context.close()
  })
})

test.describe('themes', () => {
  /** Loads only the server's HTML and inline scripts, so nothing hydrates. */
  async function firstPaint(page: Page) {
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/login')
    return page.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      background: getComputedStyle(document.body).backgroundColor,
    }))
  }

  test('a visitor who chose dark gets a dark first paint', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'dark'), appConfig.theme.storageKey)
    const paint = await firstPaint(page)
    expect(paint.dark).toBe(true)
    expect(paint.background).not.toBe('rgb(255, 255, 255)')
  })

  test('a visitor whose system is dark gets a dark first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    expect((await firstPaint(page)).dark).toBe(true)
  })

  test('a light system and no choice paint light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const paint = await firstPaint(page)
    expect(paint.dark).toBe(false)
    // The light page's grey-tinted surface.
    expect(paint.background).toBe('rgb(247, 247, 248)')
  })

  test('the theme script carries the CSP nonce', async ({ request }) => {
    const response = await request.get('/login')
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    const html = await response.text()
    const script = /<script[^>]*>[^<]*prefers-color-scheme[^<]*<\/script>/.exec(html)?.[0] ?? ''
    expect(script).toContain(`nonce="${nonce}"`)
  })

  test('the choice is stored under "theme" and applied as a class', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('user') })
    const page = await context.newPage()
    // Delay the scripts and click as soon as the server's page shows; the click must not be lost.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      await route.continue()
    })
    await page.goto('/app/account', { waitUntil: 'commit' })
    await page.getByRole('region', { name: 'Display preferences' }).getByText('Dark', { exact: true }).click()
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate((key) => localStorage.getItem(key), appConfig.theme.storageKey)).toBe('dark')
    await context.close()
  })

  test('a page loaded with a stored choice shows that choice, and System can be chosen again', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: storageStateOf('user') })
    const page = await context.newPage()
    await page.addInitScript((key) => localStorage.setItem(key, 'dark'), appConfig.theme.storageKey)
    await page.goto('/app/account')
    const themes = page.getByRole('region', { name: 'Display preferences' })
    // The server cannot know the stored choice, so the switch shows it after hydration.
    await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect(themes.getByRole('radio', { name: 'System' })).not.toBeChecked()
    // The highlight moves too; hydration alone would have left it on System.
    const option = (name: string) => themes.locator('label').filter({ hasText: name })
    await expect(option('Dark')).toHaveAttribute('data-checked')
    await expect(option('System')).not.toHaveAttribute('data-checked')
    await page.emulateMedia({ colorScheme: 'light' })
    await themes.getByText('System', { exact: true }).click()
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    await context.close()
  })
})

test.describe('the date picker', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('speaks the language and reads the arrows in its direction (Arabic, right to left)', async ({
    page,
  }) => {
    const created = await callServerFn(page.request, 'user--postUser', 'POST', {
      name: 'Date Picker Person',
      email: uniqueEmail('date'),
      role: 'user',
    })
    const { id } = await resultOf<{ id: string }>(created)
    const ban = texts('ar', 'user').ban ?? {}
    await page.goto(`/manager/users/${id}?lng=ar`)
    await chooseOnPage(page, ban.action ?? '')
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(ban.reason ?? '').fill('بريد مزعج')
    await dialog.getByRole('button', { name: new RegExp(ban.until ?? '') }).click()

    const utc = { timeZone: 'UTC' } as const
    const today = new Date()
    const tomorrow = new Date(today.getTime() + 86_400_000)
    const month = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', ...utc }).format(today)
    await expect(dialog.getByRole('grid', { name: month })).toBeVisible()
    const full = new Intl.DateTimeFormat('ar', { dateStyle: 'full', ...utc })
    // Arabic digits, and the focus on today.
    await expect(dialog.getByRole('button', { name: full.format(today) })).toBeFocused()
    await expect(dialog.getByRole('button', { name: full.format(today) })).toHaveText(
      new Intl.DateTimeFormat('ar', { day: 'numeric', ...utc }).format(today),
    )
    // Right to left, the left arrow goes forward in time.
    await page.keyboard.press('ArrowLeft')
    await expect(dialog.getByRole('button', { name: full.format(tomorrow) })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('grid')).toBeHidden()
    const chosen = new Intl.DateTimeFormat('ar', { dateStyle: 'long', ...utc }).format(tomorrow)
    await expect(dialog.getByRole('button', { name: new RegExp(chosen) })).toBeVisible()

    await dialog.getByRole('button', { name: ban.confirm, exact: true }).click()
    await expect(page.getByText(ban.done ?? '')).toBeVisible()
  })

  test('Escape closes the calendar and leaves the dialog open; no move goes before the first day', async ({
    page,
  }) => {
    const created = await callServerFn(page.request, 'user--postUser', 'POST', {
      name: 'Escape Person',
      email: uniqueEmail('escape'),
      role: 'user',
    })
    const { id } = await resultOf<{ id: string }>(created)
    await page.goto(`/manager/users/${id}?lng=en`)
    await chooseOnPage(page, 'Ban')
    const dialog = page.getByRole('dialog')
    // Wait until the calendar has the focus before sending keys.
    const calendarFocused = () =>
      expect(dialog.getByRole('grid').locator('button[tabindex="0"]')).toBeFocused()
    await dialog.getByRole('button', { name: /No date/ }).click()
    await calendarFocused()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Escape')
    await expect(dialog.getByRole('grid')).toBeHidden()
    await expect(dialog).toBeVisible()

    // Today is the earliest day a ban may end, so moving before it keeps the focus on today.
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date())
    await dialog.getByRole('button', { name: /No date/ }).click()
    await calendarFocused()
    await page.keyboard.press('PageUp')
    await expect(dialog.getByRole('button', { name: today })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(dialog.getByRole('button', { name: today })).toBeFocused()
    // Escape from the month buttons closes the calendar too, and only the calendar.
    await dialog.getByRole('button', { name: 'Next month' }).focus()
    await page.keyboard.press('Escape')
    await expect(dialog.getByRole('grid')).toBeHidden()
    await expect(dialog).toBeVisible()
  })
})

test.describe('right to left on a phone', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: { width: 390, height: 844 } })

  test('the navigation sheet opens from the right, its start side in Arabic', async ({ page }) => {
    await page.goto('/manager/books?lng=ar')
    await page.getByRole('button', { name: texts('ar', 'areas').nav?.toggleSidebar }).click()
    const sheet = page.getByRole('dialog', { name: texts('ar', 'areas').nav?.label })
    await expect(sheet).toBeVisible()
    const box = await sheet.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(389)
    expect(box?.x ?? 0).toBeGreaterThan(0)
  })
})

/** Where, from the left, the first and last characters of `typed` show inside the element. */
const edgesOf = (element: Locator, typed: string) =>
  element.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = node.textContent?.indexOf(text) ?? -1
      if (start < 0) continue
      const left = (index: number) => {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        return range.getBoundingClientRect().left
      }
      return { first: left(start), last: left(start + text.length - 1) }
    }
    throw new Error(`${text} is not in the element`)
  }, typed)

/** Checks that the element says `text` with `typed` isolated in it, shown left to right as typed. */
async function expectIsolated(element: Locator, text: string, typed: string) {
  await expect(element).toHaveText(text.replace(/{{\w+}}/, isolate(typed)))
  const { first, last } = await edgesOf(element, typed)
  expect(first, `${typed} shown in the order it was typed`).toBeLessThan(last)
}

test.describe('typed text inside Arabic sentences', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('keeps the order it was typed in, even when it starts and ends with neutral characters', async ({
    page,
  }) => {
    const book = texts('ar', 'book')
    const user = texts('ar', 'user')
    const stamp = crypto.randomUUID().slice(0, 8)
    const title = '(1984)!'
    const genres = await resultOf<{ id: string }[]>(
      await callServerFn(page.request, 'genre--getGenres', 'GET', { searchTerm: '' }),
    )
    const created = await callServerFn(page.request, 'book--postBook', 'POST', {
      title,
      author: `Ada Whitfield ${stamp}`,
      genreId: genres[0]?.id,
    })
    expect(created.status()).toBe(200)
    const { id: bookId } = await resultOf<{ id: string }>(created)

    await page.goto(`/manager/books/${bookId}/update?lng=ar`)
    await expectIsolated(page.getByRole('heading', { level: 1 }), book.form?.updateTitle ?? '', title)
    await page.goto(`/manager/books/${bookId}?lng=ar`)
    await waitForHydration(page)
    await chooseOnPage(page, book.delete?.action ?? '')
    await expectIsolated(page.getByRole('dialog').getByText(title), book.delete?.description ?? '', title)
    await callServerFn(page.request, 'book--removeBook', 'POST', { id: bookId })

    const name = '(Dune) 2!'
    const response = await callAuthRoute('/admin/create-user', {
      cookie: seededCookie('admin'),
      body: { email: uniqueEmail('typed-name'), name, role: 'user' },
    })
    expect(response.status).toBe(200)
    const { user: person } = (await response.json()) as { user: { id: string } }
    await page.goto(`/manager/users/${person.id}/update?lng=ar`)
    await expectIsolated(page.getByRole('heading', { level: 1 }), user.form?.updateTitle ?? '', name)
    await page.goto(`/manager/users/${person.id}?lng=ar`)
    await waitForHydration(page)
    await chooseOnPage(page, user.ban?.action ?? '')
    await expectIsolated(page.getByRole('dialog').getByRole('heading'), user.ban?.title ?? '', name)
  })
})
