/** Server-side languages: detection per request, texts per language, and fixed-language translators. */
import '@tanstack/react-start/server-only'
import i18next, { type Resource, type TFunction } from 'i18next'

import { appConfig, type Language, type Namespace } from '@/app.config'
import { isLanguage } from '~/lib/i18n'

import { cookieValue } from './cookies'

const files = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', {
  eager: true,
  import: 'default',
})

export function localeFile(lng: string, ns: string): Record<string, unknown> | undefined {
  return files[`/locales/${lng}/${ns}.json`]
}

/** The resources of the given namespaces for a language and for the fallback language. */
export function resourcesFor(lng: Language, namespaces: ReadonlyArray<string>): Resource {
  const resources: Resource = {}
  for (const language of new Set([lng, appConfig.i18n.defaultLanguage])) {
    resources[language] = Object.fromEntries(namespaces.map((ns) => [ns, localeFile(language, ns) ?? {}]))
  }
  return resources
}

const bundles = new Map<string, string>()

/**
 * The texts a page carries: its namespaces in its language only, as JSON built once per language
 * and set of namespaces. One string is much cheaper to send in the root data than serialising the
 * objects on every request.
 */
export function resourceBundle(lng: Language, namespaces: ReadonlyArray<Namespace>): string {
  const key = `${lng}:${namespaces.join()}`
  let bundle = bundles.get(key)
  if (bundle === undefined) {
    const texts = Object.fromEntries(namespaces.map((ns) => [ns, localeFile(lng, ns) ?? {}]))
    bundle = JSON.stringify({ [lng]: texts })
    bundles.set(key, bundle)
  }
  return bundle
}

function fromAcceptLanguage(header: string | null): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      )
      return { lng: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0 }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q)
  return ranked.map((entry) => entry.lng).find(isLanguage)
}

/** The request's language: query string `lng`, then the cookie, then Accept-Language, then the default. */
export function detectLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get('lng')
  if (isLanguage(fromQuery)) return fromQuery
  const fromCookie = cookieValue(request.headers.get('cookie'), appConfig.i18n.cookie.name)
  if (isLanguage(fromCookie)) return fromCookie
  return fromAcceptLanguage(request.headers.get('accept-language')) ?? appConfig.i18n.defaultLanguage
}

/** A fresh instance per call, because a shared server instance must never change language. */
export function serverT(lng: Language, ns: string): TFunction {
  const instance = i18next.createInstance()
  void instance.init({
    lng,
    fallbackLng: appConfig.i18n.defaultLanguage,
    resources: resourcesFor(lng, [ns]),
    defaultNS: ns,
    initAsync: false,
    interpolation: { escapeValue: false },
  })
  return instance.t
}
