/** Server-side languages: detection per request and an i18next instance per request. */
import '@tanstack/react-start/server-only'
import i18next, { type Resource, type TFunction } from 'i18next'

import { appConfig, type Language } from '@/app.config'
import { isLanguage } from '~/lib/i18n'

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

function cookieValue(cookieHeader: string | null, name: string) {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
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

/** Query string `lng`, then the language cookie, then Accept-Language, then the default. */
export function detectLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get('lng')
  if (isLanguage(fromQuery)) return fromQuery
  const fromCookie = cookieValue(request.headers.get('cookie'), appConfig.i18n.cookie.name)
  if (isLanguage(fromCookie)) return fromCookie
  return fromAcceptLanguage(request.headers.get('accept-language')) ?? appConfig.i18n.defaultLanguage
}

/** A fresh instance per call: never change the language of a shared instance on the server. */
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
