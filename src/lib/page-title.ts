import { pageTitle, type PublicEnv } from '@/app.config'

import { bundleResources, type ResourceBundle } from './i18n'

/** What the root route loads that a title needs: the language, its texts and the environment. */
interface RootTitleData {
  lng: string
  resources: ResourceBundle
  env: Pick<PublicEnv, 'ENV_NAME' | 'ENV_EMOJI'>
}

/** `book:list.title` looked up in the resources the page was rendered with (English as fallback). */
function translate({ lng, resources: bundle }: RootTitleData, key: string) {
  const resources = bundleResources(bundle)
  const [ns = 'common', path = ''] = key.includes(':') ? key.split(':') : ['common', key]
  const lookup = (language: string) =>
    path
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        resources[language]?.[ns],
      )
  const found = lookup(lng) ?? lookup('en')
  return typeof found === 'string' ? found : undefined
}

/**
 * A route's `head`: its page title (a translation key, or made from the route's data, like a
 * book's title) between the environment prefix and the product name.
 */
export function titled<Data = unknown>(title: string | ((data: Data) => string)) {
  // The route's data is typed by its loader; `Data` is the part of it the title reads.
  return ({
    matches,
    loaderData,
  }: {
    matches: ReadonlyArray<{ loaderData?: unknown }>
    loaderData?: unknown
  }) => {
    const root = matches[0]?.loaderData as RootTitleData | undefined
    if (!root) return {}
    const text =
      typeof title === 'string'
        ? translate(root, title)
        : loaderData === undefined
          ? undefined
          : title(loaderData as Data)
    return { meta: [{ title: pageTitle(text, root.env) }] }
  }
}
