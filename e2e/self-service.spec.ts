/**
 * A person's own account: signed-in devices, data download, passkeys (Chromium's virtual
 * authenticator stands in for a phone or key) and deleting the account with an e-mailed code.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import sharp from 'sharp'

import { uploadUrl } from '~/features/uploads/targets'
import { isolate } from '~/lib/interpolation'
import { createFreshDatabase, testDatabaseServer } from '~/test/fresh-database'
import { codeOf } from '~/test/mailbox'

import { callAuthRoute, seededCookie, signInOverHttp } from './support/auth-api'
import { startAppServer } from './support/app-server'
import {
  signInThroughUi,
  signUpThroughUi,
  uniqueEmail,
  waitForHydration,
  watchHydration,
} from './support/fixtures'
import { harness } from './support/harness-config'
import { callServerFn, resultOf } from './support/server-fn'

test.use({ storageState: { cookies: [], origins: [] } })

const freshContext = (browser: Browser) => browser.newContext({ storageState: { cookies: [], origins: [] } })

async function myUserId(page: Page) {
  const me = await resultOf<{ user: { id: string } }>(
    await callServerFn(page.request, 'auth--getCurrentSession', 'GET'),
  )
  return me.user.id
}

/** The address the test browser's requests come from, as the server sees it. */
const address = '(127\\.0\\.0\\.1|::1|::ffff:127\\.0\\.0\\.1)'

/** The 'Where you are signed in' section of the account page. */
const sessionsOf = (page: Page) => page.getByRole('region', { name: 'Where you are signed in' })

test.describe('where I am signed in', () => {
  test('every session listed with its device, this one marked; one signed out, then every other', async ({
    browser,
    page,
  }) => {
    // Three sign-ins through the UI and every sign-out make the suite's longest flow.
    test.slow()
    const { email } = await signUpThroughUi(page)
    const others: BrowserContext[] = []
    for (let i = 0; i < 2; i++) {
      const context = await freshContext(browser)
      await signInThroughUi(await context.newPage(), email)
      await expect(context.pages()[0]!).toHaveURL(/\/app$/)
      others.push(context)
    }
    await page.goto('/app/account')
    const sessions = sessionsOf(page)
    await expect(sessions.getByRole('listitem')).toHaveCount(3)
    await expect(sessions.getByText('This device')).toHaveCount(1)
    // How the page names a device: the browser and the system, each isolated (as a regular expression).
    const device = `${isolate('Chrome')} on ${isolate('\\w+')}`
    await expect(sessions.getByText(new RegExp(`^${device}$`))).toHaveCount(3)
    // Each on one line with its button, on a laptop's screen.
    const other = sessions.getByRole('listitem').filter({ hasNotText: 'This device' }).first()
    const [line, button] = await Promise.all([
      other.getByText(new RegExp(`^${device} · `)).boundingBox(),
      other.getByRole('button').boundingBox(),
    ])
    expect(button!.y).toBeLessThan(line!.y + line!.height)
    expect(line!.y).toBeLessThan(button!.y + button!.height)

    // One other device, confirmed first.
    const signOutOne = sessions.getByRole('button', { name: new RegExp(`^Sign out ${isolate(device)} `) })
    await expect(signOutOne).toHaveCount(2)
    await signOutOne.first().click()
    const confirm = page.getByRole('dialog', { name: 'Sign out this device?' })
    await expect(confirm).toContainText(
      new RegExp(`${isolate(device)} will be signed out at its next request\\.`),
    )
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(sessions.getByRole('listitem')).toHaveCount(3)
    await signOutOne.first().click()
    await confirm.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByText('Device signed out')).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(2)

    // The revoked device is sent to sign in at its next request.
    const landings = await Promise.all(
      others.map(async (context) => {
        const other = context.pages()[0]!
        await other.goto('/app/account')
        return new URL(other.url()).pathname
      }),
    )
    expect(landings.sort()).toEqual(['/app/account', '/login'])

    // Every other one, confirmed.
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click()
    const confirmAll = page.getByRole('dialog', { name: 'Sign out every other device?' })
    await confirmAll.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expect(page.getByText('Signed out everywhere else')).toBeVisible()
    await expect(sessions.getByRole('listitem')).toHaveCount(1)
    await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0)
    for (const context of others) {
      const other = context.pages()[0]!
      await other.goto('/app/account')
      await expect(other).toHaveURL(/\/login\?redirect=/)
      await context.close()
    }
    // This one still works.
    await page.reload()
    await expect(sessions.getByText('This device')).toBeVisible()
  })

  test('a session is one line: its device, its address and when it was last active, the exact time in its title', async ({
    page,
  }) => {
    await signUpThroughUi(page)
    const hydration = watchHydration(page)
    await page.goto('/app/account')
    const row = sessionsOf(page).getByRole('listitem')
    await expect(row).toHaveCount(1)
    const justNow = isolate('(now|1 minute ago)')
    await expect(
      row.getByText(
        new RegExp(`^${isolate('Chrome')} on ${isolate('\\w+')} · ${address} · active ${justNow}$`),
      ),
    ).toBeVisible()
    await expect(row.getByText('This device')).toBeVisible()
    const time = row.getByRole('time')
    await expect(time).toHaveText(new RegExp(`^active ${justNow}$`))
    await waitForHydration(page)
    const exact = await time.evaluate((element) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(element.getAttribute('datetime') ?? ''),
      ),
    )
    await expect(time).toHaveAttribute('title', exact)

    // With the browser's clock two hours ahead of the server's, the page hydrates with the text
    // the server wrote, then tells the time by the browser's clock.
    await page.clock.setSystemTime(Date.now() + 2 * 60 * 60_000)
    await page.reload()
    await expect(time).toHaveText(`active ${isolate('2 hours ago')}`)
    expect(hydration).toEqual([])
  })

  test('a session of someone else cannot be revoked, and the server refuses what is not an id', async ({
    browser,
    page,
  }) => {
    await signUpThroughUi(page)
    const context = await freshContext(browser)
    const other = await context.newPage()
    await signUpThroughUi(other)
    const theirs = await resultOf<{ id: string }[]>(
      await callServerFn(other.request, 'account--getMySessions', 'GET'),
    )
    const answer = await callServerFn(page.request, 'account--revokeMySession', 'POST', {
      sessionId: theirs[0]!.id,
    })
    expect(answer.status()).toBe(404)
    expect(await answer.text()).toContain('SESSION_NOT_FOUND')
    expect((await callServerFn(page.request, 'account--revokeMySession', 'POST', {})).status()).toBe(400)
    await other.goto('/app/account')
    await expect(sessionsOf(other).getByText('This device')).toBeVisible()
    await context.close()
  })
})

test('my data downloads as JSON named with the date: record, sessions, sign-in methods, passkeys, and no token', async ({
  page,
}) => {
  const { email } = await signUpThroughUi(page, { name: 'Export Person' })
  await page.goto('/app/account')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`folio-data-${new Date().toISOString().slice(0, 10)}.json`)
  const text = await readFile(await file.path(), 'utf8')
  const data = JSON.parse(text) as {
    user: { email: string; name: string }
    sessions: { token: string; current: boolean; device: { browser?: string } }[]
    signInMethods: unknown[]
    passkeys: unknown[]
  }
  expect(data.user).toMatchObject({ email, name: 'Export Person' })
  expect(data.sessions).toHaveLength(1)
  expect(data.sessions[0]).toMatchObject({ current: true, device: { browser: 'Chrome' } })
  expect(data.sessions[0]!.token).toMatch(/^.{4}….{4}$/)
  expect(Array.isArray(data.signInMethods)).toBe(true)
  expect(data.passkeys).toEqual([])
  // No whole token, and no field a secret lives in.
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'))
  const token = decodeURIComponent(cookie?.value ?? '').split('.')[0] ?? ''
  expect(token.length).toBeGreaterThan(20)
  expect(text).not.toContain(token)
  expect(text).not.toMatch(/"(accessToken|refreshToken|idToken|password|publicKey|credentialID|secret)"/)
})

/** A virtual authenticator on the page that accepts every prompt. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return cdp
}

/**
 * Turns off passkey suggestions in fields, because otherwise the virtual authenticator answers the
 * login page's passkey request at once, before a button can be pressed.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false)
  })
}

async function addPasskey(page: Page, name: string, baseUrl = '') {
  await page.goto(`${baseUrl}/app/account`)
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Passkey added')).toBeVisible()
  await expect(passkeys.getByText(name)).toBeVisible()
  return passkeys
}

async function signOut(page: Page) {
  await page.goto('/logout')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
}

test.describe('passkeys', () => {
  // Each signs up through the pages, then signs in and out with the authenticator more than once.
  test.slow()

  test('added and named on the account page, signs me in from /login back to the page asked for, then deleted; the activity log keeps both, without the key', async ({
    page,
    playwright,
  }) => {
    await withoutAutofill(page)
    await addVirtualAuthenticator(page)
    await signUpThroughUi(page, { name: 'Pass Key' })
    const id = await myUserId(page)
    const passkeys = await addPasskey(page, 'Test laptop')
    await expect(passkeys.getByText(/^Added /)).toBeVisible()

    await signOut(page)
    await page.goto('/login?redirect=%2Fapp%2Faccount')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page).toHaveURL(/\/app\/account$/)
    await expect(sessionsOf(page).getByText('This device')).toBeVisible()

    await passkeys.getByRole('button', { name: `Delete the passkey ${isolate('Test laptop')}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this passkey?' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Passkey deleted')).toBeVisible()
    await expect(passkeys.getByText('No passkey yet')).toBeVisible()

    // What an administrator reads of it: made, then deleted, by its owner, and no key material.
    const admin = await playwright.request.newContext({ extraHTTPHeaders: { cookie: seededCookie('admin') } })
    const log = await resultOf<{ items: Array<{ action: string; actorId: string; label: string | null }> }>(
      await callServerFn(admin, 'activity--getActivity', 'GET', { person: id, entity: 'passkey' }),
    )
    await admin.dispose()
    expect(log.items.map(({ action, actorId }) => ({ action, actorId }))).toEqual([
      { action: 'delete', actorId: id },
      { action: 'create', actorId: id },
    ])
    expect(JSON.stringify(log.items)).not.toMatch(/public_?key|credential_?id/i)

    // The passkey stays in the authenticator but the site no longer accepts it.
    await signOut(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page.getByText('This passkey is not known here')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
  })

  test('the rules of every sign-in hold: a banned person is refused, and let in once the ban is lifted', async ({
    page,
  }) => {
    await withoutAutofill(page)
    await addVirtualAuthenticator(page)
    await signUpThroughUi(page)
    await addPasskey(page, 'Phone')
    const id = await myUserId(page)
    await signOut(page)
    const ban = await callAuthRoute('/admin/ban-user', {
      body: { userId: id, banReason: 'Passkey test' },
      cookie: seededCookie('admin'),
    })
    expect(ban.status).toBe(200)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page.getByRole('alert')).toContainText(/banned/i)
    await expect(page).toHaveURL(/\/login/)
    expect(
      (await callAuthRoute('/admin/unban-user', { body: { userId: id }, cookie: seededCookie('admin') }))
        .status,
    ).toBe(200)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page).toHaveURL(/\/app$/)
  })

  test('where the browser offers the passkey among the e-mail field’s suggestions, taking it signs me in', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page)
    await signUpThroughUi(page)
    await addPasskey(page, 'Suggested')
    await page.goto('/logout')
    await page.getByRole('button', { name: 'Sign out' }).click()
    // The authenticator answers the login page's passkey request at once, so the page may be gone
    // before anything on it can be read.
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible()
  })
})

test.describe('on a server of its own, whose database the tests read', () => {
  let app: Awaited<ReturnType<typeof startAppServer>>
  let database: Awaited<ReturnType<typeof createFreshDatabase>> | undefined
  let sql: postgres.Sql | undefined

  test.beforeAll(async () => {
    const serverUrl = testDatabaseServer()
    if (serverUrl) {
      database = await createFreshDatabase(serverUrl, 'folio_delete')
      sql = postgres(database.url, { max: 1, onnotice: () => {} })
    }
    app = await startAppServer(database ? { DATABASE_URL: database.url } : {})
  })
  test.afterAll(async () => {
    await sql?.end()
    await app?.stop()
    await database?.drop()
  })

  async function signInOnApp(page: Page, email: string) {
    const since = app.mailbox.messages.length
    await page.goto(`${app.url}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await page.getByLabel('Code').fill(codeOf(await app.mailbox.waitFor(email, { since })))
  }

  async function signUpOnApp(page: Page, email: string) {
    await signInOnApp(page, email)
    await page.getByLabel('What is your name?').fill('Leaving Person')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/app$/)
  }

  /** Every row of every table that names the person, by id or address (PostgreSQL only). */
  async function rowsNaming(values: string[]) {
    if (!sql) return []
    const columns = await sql<{ table: string; column: string }[]>`
      select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying')
        and table_name <> 'activity'`
    const found: string[] = []
    for (const { table, column } of columns)
      for (const value of values) {
        const rows = await sql.unsafe(
          `select 1 from "${table}" where position($1 in "${column}") > 0 limit 1`,
          [value],
        )
        if (rows.length > 0) found.push(`${table}.${column} holds ${value}`)
      }
    return found
  }

  test('by a code e-mailed to me: a wrong one counts, the right one deletes everything of mine', async ({
    browser,
  }) => {
    const context = await freshContext(browser)
    const page = await context.newPage()
    await addVirtualAuthenticator(page)
    const email = uniqueEmail('leaving')
    await signUpOnApp(page, email)
    // A passkey and a second session, which must go too.
    await addPasskey(page, 'Leaving key', app.url)
    const second = await (await freshContext(browser)).newPage()
    await signInOnApp(second, email)
    await expect(second).toHaveURL(/\/app$/)
    const id = await resultOf<{ user: { id: string } }>(
      await callServerFn(page.request, 'auth--getCurrentSession', 'GET', undefined, app.url),
    ).then((me) => me.user.id)
    // Tables are read on PostgreSQL only, because PGlite allows only its server's connection.
    if (sql) expect(await rowsNaming([id])).not.toEqual([])
    // A picture, whose files must go too.
    const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#777' } })
      .png()
      .toBuffer()
    const sentPicture = await page.request.put(`${app.url}${uploadUrl('user-picture', id)}`, {
      data: picture,
      headers: { origin: app.url },
    })
    expect(sentPicture.status()).toBe(200)
    const pictures = () => readdir(path.join(harness.uploadsDir, 'user', id)).catch(() => [] as string[])
    expect(await pictures()).toHaveLength(3)

    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account' })
    await expect(dialog).toContainText('This cannot be undone.')
    const sent = app.mailbox.messages.length
    await dialog.getByRole('button', { name: 'E-mail me a code' }).click()
    const mail = await app.mailbox.waitFor(email, { since: sent })
    expect(mail.subject).toMatch(/code to delete your account/)
    const code = codeOf(mail)
    const wrong = code === '000000' ? '111111' : '000000'
    await dialog.getByLabel('Code').fill(wrong)
    // Typing the six digits does not delete; pressing the button does.
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete for good' }).click()
    await expect(dialog.getByText('Wrong code. 2 tries left.')).toBeVisible()
    await dialog.getByLabel('Code').fill(code)
    await dialog.getByRole('button', { name: 'Delete for good' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Your account has been deleted')).toBeVisible()

    // No row is left in any table but the activity log (which keeps, for administrators, that the
    // account was deleted), no file, and the other device is signed out.
    expect(await rowsNaming([id, email])).toEqual([])
    if (sql)
      expect(
        await sql`select 1 from activity where entity = 'user' and entity_id = ${id} and action = 'delete'`,
      ).toHaveLength(1)
    expect(await pictures()).toEqual([])
    await second.goto(`${app.url}/app`)
    await expect(second).toHaveURL(/\/login/)
    await context.close()
  })

  test('a passkey signs in someone still to be onboarded to the onboarding step, as a code does', async ({
    browser,
  }) => {
    test.skip(!sql, 'needs PostgreSQL to undo the onboarding')
    const context = await freshContext(browser)
    const page = await context.newPage()
    await withoutAutofill(page)
    await addVirtualAuthenticator(page)
    const email = uniqueEmail('onboard')
    await signUpOnApp(page, email)
    await addPasskey(page, 'Onboarding key', app.url)
    await sql!`update "user" set onboarded_at = null where email = ${email}`
    await page.goto(`${app.url}/logout`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page).toHaveURL(/\/onboarding/)
    await context.close()
  })

  test('the last administrator cannot delete themself; a code spent by wrong tries deletes nothing', async () => {
    test.skip(!sql, 'needs PostgreSQL to leave one administrator')
    // The demo data has other administrators: this one is made the last.
    await sql!`update "user" set role = 'user' where email <> 'admin@example.com' and role like '%admin%'`
    const admin = await signInOverHttp('admin@example.com', app)
    const ask = async () => {
      const since = app.mailbox.messages.length
      const answer = await callAuthRoute('/delete-user', { body: {}, cookie: admin.cookie, server: app })
      expect(answer.status).toBe(200)
      return codeOf(await app.mailbox.waitFor('admin@example.com', { since }))
    }
    const code = await ask()
    const deleted = await callAuthRoute('/delete-user', {
      body: { token: code },
      cookie: admin.cookie,
      server: app,
    })
    expect(deleted.status).toBe(409)
    expect(await deleted.text()).toContain('THE_LAST_ADMIN_MUST_STAY')

    const next = await ask()
    const wrong = next === '000000' ? '111111' : '000000'
    const tries = []
    for (let i = 0; i < 3; i++)
      tries.push(
        await callAuthRoute('/delete-user', {
          body: { token: wrong },
          cookie: admin.cookie,
          server: app,
        }).then(async (answer) => `${answer.status} ${(await answer.json()).code}`),
      )
    expect(tries).toEqual(['400 INVALID_OTP', '400 INVALID_OTP', '400 TOO_MANY_ATTEMPTS'])
    const late = await callAuthRoute('/delete-user', {
      body: { token: next },
      cookie: admin.cookie,
      server: app,
    })
    expect(`${late.status} ${(await late.json()).code}`).toBe('400 OTP_EXPIRED')
    // Still here.
    const session = await callAuthRoute('/get-session', { method: 'GET', cookie: admin.cookie, server: app })
    expect((await session.json()).user.email).toBe('admin@example.com')
  })
})
