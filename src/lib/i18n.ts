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

import { appConfig, type Language, languages } from '@/app.config'

const { i18n: config } = appConfig

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as ReadonlyArray<string>).includes(value)
}

export function directionOf(lng: Language): 'rtl' | 'ltr' {
  return config.rtlLanguages.includes(lng) ? 'rtl' : 'ltr'
}

export function fontScaleOf(lng: Language): number {
  return config.fontScale[lng] ?? 1
}

/** Loads a module's code on first use; a load that failed is tried again on the next use. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}

/**
 * i18next's HTTP backend, its code loaded the first time a text is missing (another language is
 * chosen): the page's own texts come with it from the server.
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
    // i18next tries a failed read again (maxRetries); so does the import.
    this.backend().then(
      (backend) => backend.read(language, namespace, callback),
      (error: Error) => callback(error, true),
    )
  }
}

/**
 * The browser's language detector, its code fetched while the page hydrates rather than with
 * the page: the page is rendered in a known language, so the detector only remembers it (cookie,
 * local storage) and detects when asked to change language without naming one.
 */
class LazyLanguageDetector implements LanguageDetectorAsyncModule {
  static type = 'languageDetector' as const
  type = 'languageDetector' as const
  async = true as const
  callbackApi = false
  private options?: [Services, object, InitOptions]
  /** What local storage remembered as the page started (see `rememberedInstead`). */
  private rememberedAtStart?: Language
  /** Whether `rememberedInstead` has answered once, the page's start settled. */
  private settled = false
  /** The latest choice being stored (see `stored`). */
  private storing: Promise<void> = Promise.resolve()
  /**
   * How many times a language was stored: i18next's own as it starts, then every change of
   * language (and `rememberedInstead`'s own).
   */
  private stores = 0
  private detector = onFirstUse(() =>
    import('i18next-browser-languagedetector').then(({ default: Detector }) => {
      const detector = new Detector(...(this.options ?? []))
      // Read before anything is cached: i18next caches the rendered language as it starts.
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
   * Once the detector's code is in, the language the page should show instead of the one it was
   * rendered in: the one local storage remembered when the page started, if neither the address
   * nor the cookie named one Folio has (the server saw those two and the browser's languages,
   * not local storage, which the detection order puts between them) and no language was chosen
   * since, its texts perhaps still on their way. Undefined when there is none: then the rendered
   * language is stored again (i18next's own try as it started may have found no code to store
   * it with), unless a language was chosen since, which must not be stored over.
   */
  async rememberedInstead(rendered: string): Promise<Language | undefined> {
    const detector = await this.detector().catch(() => undefined)
    // Answered once (effects run twice in development), and never over a language chosen since.
    if (!detector || this.settled || this.stores > 1) return undefined
    this.settled = true
    const remembered = this.rememberedAtStart
    if (remembered !== undefined && remembered !== rendered) return remembered
    this.cacheUserLanguage(rendered)
    return undefined
  }

  cacheUserLanguage(lng: string) {
    this.stores += 1
    // Without its code the choice is not remembered; the next change of language tries again.
    this.storing = this.detector().then(
      (detector) => detector.cacheUserLanguage(lng),
      () => {},
    )
  }

  /** Resolves once the latest choice is in the cookie (or could not be), for the server to read. */
  stored(): Promise<void> {
    return this.storing
  }
}

/**
 * Resolves once the language chosen last is stored where the server reads it (the cookie): i18next
 * asks the detector to store it before it announces the change, but the detector's code may
 * still be on its way.
 */
export function languageStored(instance: i18n): Promise<void> {
  const detector = instance.services.languageDetector as LazyLanguageDetector | undefined
  return detector?.stored() ?? Promise.resolve()
}

/** A language's texts as the root data carries them: every namespace, as one JSON string. */
export type ResourceBundle = string

interface ParsedBundle {
  resources: Resource
  /** The server's instance for the bundle's language, made on first use. */
  serverInstance?: i18n
}

/** The bundles already read, by their text (a few: one per language, plus edits in development). */
const parsed = new Map<ResourceBundle, ParsedBundle>()
const BUNDLES_KEPT = 8

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

/**
 * The page's i18next instance. On the server, one instance per language serves every request
 * (building one costs as much as rendering a small page); in the browser the page gets its own,
 * which follows the user's choice of language. This departs from the usual "an instance per
 * request", whose reason (a request changing a shared instance's language) it keeps: nothing on
 * the server may call `changeLanguage`, `addResourceBundle` or `loadNamespaces` on it. Rendering
 * only reads it: every namespace is in the bundle, and there is no backend on the server.
 */
export function i18nFor(lng: Language, bundle: ResourceBundle): i18n {
  const found = parsedBundle(bundle)
  if (typeof window !== 'undefined') return createI18n(lng, found.resources)
  found.serverInstance ??= createI18n(lng, found.resources)
  return found.serverInstance
}

/**
 * An i18next instance initialised synchronously from the resources the server rendered with,
 * so hydration shows the same language with no second request. In the browser it also detects
 * and caches the language and loads other languages over HTTP when the user switches.
 */
export function createI18n(lng: Language, resources: Resource): i18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next)
  if (typeof window !== 'undefined') instance.use(LazyLanguageDetector).use(LazyHttpBackend)
  void instance.init({
    lng,
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    // A page carries its own language's texts only, and every language has every key
    // (locales.test.ts): with a fallback, the browser would fetch the English ones too.
    fallbackLng: false,
    supportedLngs: [...languages],
    ns: [...config.namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
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
    // i18next itself schedules the backend's reads: at most this many at once, and a failed read
    // is tried again after 350 ms, then twice as long each time, five times at most.
    maxParallelReads: config.backend.maxParallelReads,
    maxRetries: config.backend.maxRetries,
    retryTimeout: config.backend.retryTimeoutMs,
  })
  return instance
}

/**
 * The language the page shows: the one it was rendered in, then whatever the user switches to.
 * The rendered language is cached (local storage and cookie) for the next request once the
 * detector's code is in. If local storage remembered another one the server could not see as the
 * page started, the page then switches to it, unless a language was chosen meanwhile.
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
