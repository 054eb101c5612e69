import { type Language, pageTitle, type PublicEnv } from '@/app.config'

import { i18nFor, type ResourceBundle } from './i18n'

/** The root route data a title needs: the language, its texts and the environment. */
interface RootTitleData {
  lng: Language
  resources: ResourceBundle
  env: Pick<PublicEnv, 'ENV_NAME' | 'ENV_EMOJI'>
  auth: { signUpEnabled: boolean }
}

/**
 * Looks up a key such as `book:list.title` in the page's texts, for a route's `head`, which runs
 * outside React and so without i18next's hooks.
 */
export function translate({ lng, resources }: RootTitleData, key: string) {
  const instance = i18nFor(lng, resources)
  return instance.exists(key) ? instance.t(key) : undefined
}

/** The arguments a route's `head` receives. */
interface HeadContext {
  matches: ReadonlyArray<{ loaderData?: unknown }>
  match?: { search?: unknown }
  loaderData?: unknown
}

/** The page title, with the environment prefix and product name, from the text `textOf` picks. */
function headWith(textOf: (root: RootTitleData, context: HeadContext) => string | undefined) {
  return (context: HeadContext) => {
    const root = context.matches[0]?.loaderData as RootTitleData | undefined
    if (!root) return {}
    return { meta: [{ title: pageTitle(textOf(root, context), root.env) }] }
  }
}

/** A route's `head` with a title from a translation key or the route's data, such as a book's title. */
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
 * A route's `head` whose title key depends on the root data and the address's search, so the tab
 * says what the heading says.
 */
export function titledByKey<Search>(keyOf: (root: RootTitleData, search: Search) => string) {
  return headWith((root, { match }) => translate(root, keyOf(root, match?.search as Search)))
}
