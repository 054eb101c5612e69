/**
 * Each page carries the translation namespaces its routes name, and loads the others when a page
 * opened in the browser needs them. Walking every page, first loaded with an empty cache and then
 * reached by client navigation, no text shows a raw key in any language.
 */
import { expect, type Page, test } from '@playwright/test'
import { readFileSync } from 'node:fs'

import { appConfig, type Language, languages } from '@/app.config'

import { waitForHydration, firstItemLink } from './support/fixtures'
import { adminPages, anonymousPages, userPages } from './support/pages'
import { storageStateOf } from './support/roles'

type Tree = { [key: string]: string | Tree }

/** Every key of the translations, as i18next shows it when its text is missing: with and without its namespace. */
const knownKeys = new Set(
  appConfig.i18n.namespaces.flatMap((ns) => {
    const keysOf = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
          : keysOf(value, `${prefix}${key}.`),
      )
    const tree = JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')) as Tree
    return keysOf(tree).flatMap((key) => [key, `${ns}:${key}`])
  }),
)

/** A text of the translations, by language, namespace and key. */
function text(lng: Language, ns: string, key: string) {
  const tree = JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Tree
  const found = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    )
  if (typeof found !== 'string') throw new Error(`No text ${ns}:${key} in ${lng}`)
  return found
}

/** The texts of the page that are a translation key rather than a text: lines, labels and the title. */
async function rawKeysOn(page: Page) {
  const texts = await page.evaluate(() => [
    document.title,
    ...document.body.innerText.split('\n'),
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ])
  return texts.map((text) => text.trim()).filter((text) => knownKeys.has(text))
}

/** The namespaces whose texts the page's HTML carries. */
async function namespacesIn(page: Page, path: string) {
  const html = await (await page.request.get(path)).text()
  return appConfig.i18n.namespaces.filter((ns) => html.includes(`\\"${ns}\\":{`))
}

/**
 * Opens each page as a first load in `lng` and collects any raw key it shows: a page loaded first
 * carries every text it shows. Texts fetched afterwards come empty, so they cannot stand in for
 * those the page lacked (a signed-in area fetches the other pages' texts once idle).
 */
async function walk(page: Page, lng: Language, paths: string[]) {
  const found: string[] = []
  await page.route('**/locales/**', (route) => route.fulfill({ json: {} }))
  for (const path of paths) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    found.push(...(await rawKeysOn(page)).map((key) => `${path}: ${key}`))
  }
  return found
}

/** The first detail page linked from a list. */
async function firstRowOf(page: Page, path: string) {
  await page.goto(path)
  return (await firstItemLink(page).getAttribute('href')) ?? path
}

test('/login carries its own namespaces and those of every page, and nothing of the rest', async ({
  page,
}) => {
  expect(await namespacesIn(page, '/login')).toEqual(['common', 'errors', 'auth'])
})

for (const lng of languages) {
  test.describe(`no raw key in ${lng}`, () => {
    // Each test loads a dozen pages in turn, each until the network is quiet.
    test.slow()
    test('signed out, each page loaded first', async ({ page }) => {
      expect(await walk(page, lng, anonymousPages)).toEqual([])
    })

    test.describe('as a user', () => {
      test.use({ storageState: storageStateOf('user') })
      test('each page of the app loaded first', async ({ page }) => {
        const book = await firstRowOf(page, `/app/books?lng=${lng}`)
        expect(await walk(page, lng, [...userPages, book])).toEqual([])
      })
    })

    test.describe('as an admin', () => {
      test.use({ storageState: storageStateOf('admin') })
      test('each page of the manager loaded first', async ({ page }) => {
        const book = await firstRowOf(page, `/manager/books?lng=${lng}`)
        const user = await firstRowOf(page, `/manager/users?lng=${lng}`)
        expect(
          await walk(page, lng, [...adminPages, book, `${book}/update`, user, `${user}/update`]),
        ).toEqual([])
      })
    })
  })
}

test.describe('a page opened in the browser', () => {
  test.use({ storageState: storageStateOf('admin') })

  test('loads the namespaces it needs over HTTP, retrying a failed read, and shows no raw key', async ({
    page,
  }) => {
    const fetched: string[] = []
    let failures = 0
    await page.route('**/locales/**', async (route) => {
      fetched.push(new URL(route.request().url()).pathname)
      // The first read of the user namespace fails, as on a flaky connection.
      if (route.request().url().endsWith('/user.json') && failures++ === 0) return route.abort()
      return route.continue()
    })
    await page.goto('/apps?lng=fr')
    await waitForHydration(page)
    expect(await namespacesIn(page, '/apps')).toEqual(['common', 'errors', 'auth', 'areas'])
    const nav = (key: string) => text('fr', 'areas', `nav.${key}`)
    const steps: Array<[link: string, heading: string]> = [
      [text('fr', 'areas', 'apps.manager.name'), nav('dashboard')],
      [nav('books'), text('fr', 'book', 'list.title')],
      [nav('users'), text('fr', 'user', 'list.title')],
      [nav('account'), text('fr', 'account', 'title')],
    ]
    for (const [index, [link, heading]] of steps.entries()) {
      // The app switcher's card first, then the manager's side bar, which comes first in the page.
      const target =
        index === 0
          ? page.getByRole('main').getByRole('link', { name: link })
          : page.getByRole('link', { name: link, exact: true })
      await target.first().click()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await rawKeysOn(page), link).toEqual([])
    }
    // No full page load happened: the texts came from the locale files.
    expect(fetched).toEqual(
      expect.arrayContaining(['/locales/fr/book.json', '/locales/fr/user.json', '/locales/fr/account.json']),
    )
    expect(failures).toBeGreaterThan(1)
  })
})
