import i18next, {
  type BackendModule,
  type i18n,
  type InitOptions,
  type LanguageDetectorAsyncModule,
  type ReadCallback,
  type Resource,
  type Services,
} from 'i18next'
import { useEffect, useState } from 'react'
import { initReactI18next } from 'react-i18next'

import { appConfig, type Language, languages, type Namespace } from '@/app.config'

import { valueFormatter } from './interpolation'

const { i18n: config } = appConfig

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The translation namespaces the route's pages show, besides those every page carries. */
    namespaces?: ReadonlyArray<Namespace>
  }
}

/** The namespaces a page carries: every page's, then those its routes name, in the configured order. */
export function namespacesOf(
  matches: ReadonlyArray<{ staticData?: { namespaces?: ReadonlyArray<Namespace> } }>,
) {
  const named = new Set<Namespace>([
    ...config.pageNamespaces,
    ...matches.flatMap((match) => match.staticData?.namespaces ?? []),
  ])
  return config.namespaces.filter((ns) => named.has(ns))
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as ReadonlyArray<string>).includes(value)
}

export function directionOf(lng: Language): 'rtl' | 'ltr' {
  return config.rtlLanguages.includes(lng) ? 'rtl' : 'ltr'
}

export function fontScaleOf(lng: Language): number {
  return config.fontScale[lng] ?? 1
}

/** Loads a module on first use; a failed load is retried on the next use. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}

/**
 * i18next's HTTP backend, loaded only when another language is chosen, because the page's own
 * texts come with the page.
 */
class LazyHttpBackend implements BackendModule {
  static type = 'backend' as const
  type = 'backend' as const
  callbackApi = true
  private options?: Parameters<BackendModule['init']>
  private backend = onFirstUse(() =>
    import('i18next-http-backend').then(({ default: Backend }) => new Backend(...(this.options ?? []))),
  )

  init(...options: Parameters<BackendModule['init']>) {
    this.options = options
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    // i18next retries a failed read (maxRetries), and that retries the import too.
    this.backend().then(
      (backend) => backend.read(language, namespace, callback),
      (error: Error) => callback(error, true),
    )
  }
}

/**
 * The browser's language detector, loaded after the page rather than with it. The page is already
 * rendered in a known language, so the detector mostly just stores the choice.
 */
class LazyLanguageDetector implements LanguageDetectorAsyncModule {
  static type = 'languageDetector' as const
  type = 'languageDetector' as const
  async = true as const
  callbackApi = false
  private options?: [Services, object, InitOptions]
  /** The language local storage held when the page started. */
  private rememberedAtStart?: Language
  /** Whether `rememberedInstead` has already answered. */
  private settled = false
  /** The latest choice being stored. */
  private storing: Promise<void> = Promise.resolve()
  /** How many times a language was stored, counting i18next's own store at start-up. */
  private stores = 0
  private detector = onFirstUse(() =>
    import('i18next-browser-languagedetector').then(({ default: Detector }) => {
      const detector = new Detector(...(this.options ?? []))
      // Read before i18next caches the rendered language over it.
      const first = (order: string[]) => [detector.detect(order) ?? []].flat().find(isLanguage)
      this.rememberedAtStart = first(['querystring', 'cookie']) ? undefined : first(['localStorage'])
      return detector
    }),
  )

  init(services: Services, detectorOptions: object, i18nextOptions: InitOptions) {
    this.options = [services, detectorOptions, i18nextOptions]
  }

  async detect() {
    return (await this.detector()).detect()
  }

  /**
   * The language local storage remembered, if the server could not see it (no language in the
   * address or cookie) and nobody has chosen one since. Otherwise stores the rendered language,
   * because i18next's own store at start-up may have run before the detector loaded.
   */
  async rememberedInstead(rendered: string): Promise<Language | undefined> {
    const detector = await this.detector().catch(() => undefined)
    // Answer once (effects run twice in development), and never over a language chosen since.
    if (!detector || this.settled || this.stores > 1) return undefined
    this.settled = true
    const remembered = this.rememberedAtStart
    if (remembered !== undefined && remembered !== rendered) return remembered
    this.cacheUserLanguage(rendered)
    return undefined
  }

  cacheUserLanguage(lng: string) {
    this.stores += 1
    // If the detector fails to load, the choice is not stored; the next change tries again.
    this.storing = this.detector().then(
      (detector) => detector.cacheUserLanguage(lng),
      () => {},
    )
  }

  /** Resolves once the latest choice is in the cookie, or could not be stored. */
  stored(): Promise<void> {
    return this.storing
  }
}

/**
 * Resolves once the last chosen language is in the cookie the server reads. Needed because the
 * detector may still be loading when i18next announces the change.
 */
export function languageStored(instance: i18n): Promise<void> {
  const detector = instance.services.languageDetector as LazyLanguageDetector | undefined
  return detector?.stored() ?? Promise.resolve()
}

/** A language's texts for a page's namespaces, as one JSON string in the root data. */
export type ResourceBundle = string

interface ParsedBundle {
  resources: Resource
  /** The server's instance for the bundle's language, made on first use. */
  serverInstance?: i18n
}

/** Parsed bundles by their text: one per language, plus edits in development. */
const parsed = new Map<ResourceBundle, ParsedBundle>()
/** Enough for every page's set of namespaces in every language. */
const BUNDLES_KEPT = 64

function parsedBundle(bundle: ResourceBundle): ParsedBundle {
  let found = parsed.get(bundle)
  if (!found) {
    found = { resources: JSON.parse(bundle) as Resource }
    parsed.set(bundle, found)
    if (parsed.size > BUNDLES_KEPT) parsed.delete(parsed.keys().next().value ?? '')
  }
  return found
}

/** The texts of a resource bundle, read once. */
export function bundleResources(bundle: ResourceBundle): Resource {
  return parsedBundle(bundle).resources
}

/** The browser's one instance, made from the first page's texts; it loads other pages' as they open. */
let browserInstance: i18n | undefined

/**
 * The page's i18next instance. The server shares one instance per bundle across requests,
 * because building one costs as much as rendering a small page. So server code must never call
 * `changeLanguage`, `addResourceBundle` or `loadNamespaces`, which would leak into other requests.
 */
export function i18nFor(lng: Language, bundle: ResourceBundle): i18n {
  const found = parsedBundle(bundle)
  if (typeof window !== 'undefined') return (browserInstance ??= createI18n(lng, found.resources))
  found.serverInstance ??= createI18n(lng, found.resources)
  return found.serverInstance
}

/**
 * In the browser, loads the namespaces a page opened from another one needs and the browser does
 * not have yet, over HTTP. Throws if they could not be loaded, so the page shows its error rather
 * than raw keys. The first page's texts come with it, so before that (and on the server) it does nothing.
 */
export async function loadNamespaces(namespaces: ReadonlyArray<Namespace>) {
  const instance = browserInstance
  if (!instance) return
  const missing = () => namespaces.filter((ns) => !instance.hasLoadedNamespace(ns))
  if (missing().length === 0) return
  await instance.loadNamespaces(missing())
  const failed = missing()
  if (failed.length > 0) throw new Error(`The texts of ${failed.join(', ')} could not be loaded`)
}

/**
 * An i18next instance initialised synchronously from the resources the server rendered with,
 * so hydration shows the same language with no second request. In the browser it also detects
 * and caches the language and loads other languages over HTTP when the user switches.
 */
export function createI18n(lng: Language, resources: Resource): i18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next).use(valueFormatter)
  if (typeof window !== 'undefined') instance.use(LazyLanguageDetector).use(LazyHttpBackend)
  void instance.init({
    lng,
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    // No fallback, because every language has every key and a fallback would fetch English too.
    fallbackLng: false,
    supportedLngs: [...languages],
    // The namespaces the page came with; others load when a page needs them.
    ns: Object.keys(resources[lng] ?? {}),
    defaultNS: 'common',
    // The error texts only signed-in pages show are in their own namespace, read for `errors:` keys.
    fallbackNS: 'errors-signed-in',
    // React escapes; every value goes through `valueFormatter`, which isolates typed text.
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: false },
    detection: {
      order: [...config.detectionOrder],
      lookupQuerystring: 'lng',
      lookupCookie: config.cookie.name,
      caches: ['localStorage', 'cookie'],
      cookieMinutes: config.cookie.minutes,
      cookieOptions: { path: config.cookie.path, sameSite: config.cookie.sameSite },
    },
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    // A failed read is retried with a doubling delay, up to maxRetries times.
    maxParallelReads: config.backend.maxParallelReads,
    maxRetries: config.backend.maxRetries,
    retryTimeout: config.backend.retryTimeoutMs,
  })
  return instance
}

/**
 * The language the page shows: the rendered one, then whatever the user switches to. If local
 * storage remembered a language the server could not see, the page switches to it after loading.
 */
export function useActiveLanguage(instance: i18n, rendered: Language): Language {
  const [language, setLanguage] = useState(rendered)
  useEffect(() => {
    const detector = instance.services.languageDetector as LazyLanguageDetector | undefined
    void detector?.rememberedInstead(rendered).then((remembered) => {
      if (remembered) void instance.changeLanguage(remembered)
    })
    const onChange = (lng: string) => {
      if (isLanguage(lng)) setLanguage(lng)
    }
    instance.on('languageChanged', onChange)
    return () => instance.off('languageChanged', onChange)
  }, [instance, rendered])
  return language
}
