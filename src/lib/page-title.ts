import { pageTitle, type PublicEnv } from '@/app.config'

import { bundleResources, type ResourceBundle } from './i18n'

/** What the root route loads that a title needs: the language, its texts and the environment. */
interface RootTitleData {
  lng: string
  resources: ResourceBundle
  env: Pick<PublicEnv, 'ENV_NAME' | 'ENV_EMOJI'>
  auth: { signUpEnabled: boolean }
}

/** `book:list.title` looked up in the texts the page was rendered with (its language's). */
function translate({ lng, resources: bundle }: RootTitleData, key: string) {
  const resources = bundleResources(bundle)
  const [ns = 'common', path = ''] = key.includes(':') ? key.split(':') : ['common', key]
  const found = path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      resources[lng]?.[ns],
    )
  return typeof found === 'string' ? found : undefined
}

/** What a route's `head` is given: every match's data, its own match (with its search) and data. */
interface HeadContext {
  matches: ReadonlyArray<{ loaderData?: unknown }>
  match?: { search?: unknown }
  loaderData?: unknown
}

/** The page title (environment prefix, text, product name) made by `textOf` from the root data. */
function headWith(textOf: (root: RootTitleData, context: HeadContext) => string | undefined) {
  return (context: HeadContext) => {
    const root = context.matches[0]?.loaderData as RootTitleData | undefined
    if (!root) return {}
    return { meta: [{ title: pageTitle(textOf(root, context), root.env) }] }
  }
}

/**
 * A route's `head`: its page title (a translation key, or made from the route's data, like a
 * book's title) between the environment prefix and the product name.
 */
export function titled<Data = unknown>(title: string | ((data: Data) => string)) {
  // The route's data is typed by its loader; `Data` is the part of it the title reads.
  return headWith((root, { loaderData }) =>
    typeof title === 'string'
      ? translate(root, title)
      : loaderData === undefined
        ? undefined
        : title(loaderData as Data),
  )
}

/**
 * A route's `head` whose title is the translation key `keyOf` picks from what the page shows too:
 * the root data (e.g. whether sign-up is open) and the address's search, so the tab says what
 * the heading says.
 */
export function titledByKey<Search>(keyOf: (root: RootTitleData, search: Search) => string) {
  return headWith((root, { match }) => translate(root, keyOf(root, match?.search as Search)))
}
